import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TUpdateVmRequest } from '@cloud-portal/contract/vms/update-vm';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/updateVM: an update order (comes-from 4) at the server's price; 409
 * with data.quote when the total is not the server's, 400 with the rules' messages (two disks,
 * nothing changed, power cycle not allowed), 403 blocked, 404 not the customer's.
 */
export function updateVm(request: TUpdateVmRequest): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>('virtualMachine/updateVM', request, { authenticated: true });
}
