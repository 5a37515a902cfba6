import { useMutation } from '@tanstack/react-query';
import type { TRestoreArchiveVmRequest } from '@cloud-portal/contract/vms/restore-archive-vm';
import { apiPostForMessage } from '@/lib/api-client';

/** POST /api/virtualMachine/restoreArchiveVM: answers the server's message. */
export function restoreArchiveVm(body: TRestoreArchiveVmRequest): Promise<string> {
  return apiPostForMessage('virtualMachine/restoreArchiveVM', body, { authenticated: true });
}

/** The page reloads 3 s after a restore (vm-lifecycle.md §4, §9), which refreshes every list. */
export function useRestoreArchiveVm() {
  return useMutation({ mutationFn: restoreArchiveVm });
}
