import { useMutation } from '@tanstack/react-query';
import type {
  TRestoreCloneVmRequest,
  TRestoreCloneVmResponse,
} from '@cloud-portal/contract/vms/backups';
import { apiPostForResult } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/restoreCloneVM: a clone becomes a machine of its own, a snapshot rolls
 * its machine back. Resolves with the server's message ('Clone Virtual Machine restored
 * successfully.'); 400 'Unable to restore Clone Virtual Machine. Try again in sometime.'
 */
export function restoreCloneVm(
  body: TRestoreCloneVmRequest,
): Promise<{ data: TRestoreCloneVmResponse; message: string }> {
  return apiPostForResult<TRestoreCloneVmResponse>('virtualMachine/restoreCloneVM', body, {
    authenticated: true,
  });
}

export function useRestoreCloneVm() {
  return useMutation({ mutationFn: restoreCloneVm });
}
