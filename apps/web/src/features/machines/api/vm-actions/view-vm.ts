import { useMutation } from '@tanstack/react-query';
import type { TViewVmRequest, TViewVmResponse } from '@cloud-portal/contract/vms/vm-actions';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/vmAction/viewVM: the access details with a fresh one-time password. A mutation, not a
 * query: every call makes a new password, and the answer is never kept in the query cache.
 */
export function viewVm(body: TViewVmRequest): Promise<TViewVmResponse> {
  return apiPost<TViewVmResponse>('vmAction/viewVM', body, { authenticated: true });
}

export function useViewVm() {
  return useMutation({ mutationFn: viewVm, gcTime: 0 });
}
