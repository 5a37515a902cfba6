import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TRenewSelectedVmRequest } from '@cloud-portal/contract/vms/renew-vm';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/renewSelectedVM: one order (comes-from 5) renewing several machines.
 * 409 with data.quote when the total is not the server's.
 */
export function renewSelectedVm(request: TRenewSelectedVmRequest): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>('virtualMachine/renewSelectedVM', request, {
    authenticated: true,
  });
}
