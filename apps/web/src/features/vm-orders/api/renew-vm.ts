import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TRenewVmRequest } from '@cloud-portal/contract/vms/renew-vm';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/renewVM: a renewal order (comes-from 3) at the server's price. 409
 * with data.quote when the total is not the server's, 403 blocked, 404 not the customer's, 422
 * when the gateway is not offered.
 */
export function renewVm(request: TRenewVmRequest): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>('virtualMachine/renewVM', request, { authenticated: true });
}
