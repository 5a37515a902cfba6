import { useMutation } from '@tanstack/react-query';
import type { TViewCloneVmRequest, TViewCloneVmResponse } from '@cloud-portal/contract/vms/backups';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/vmAction/viewCloneVM: a clone's access details with a fresh one-time password; a
 * mutation, so the answer is never kept in the query cache. A snapshot has none (400).
 */
export function viewCloneVm(body: TViewCloneVmRequest): Promise<TViewCloneVmResponse> {
  return apiPost<TViewCloneVmResponse>('vmAction/viewCloneVM', body, { authenticated: true });
}

export function useViewCloneVm() {
  return useMutation({ mutationFn: viewCloneVm, gcTime: 0 });
}
