import { useMutation } from '@tanstack/react-query';
import type { BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import type { TBackupDeletedResponse } from '@cloud-portal/contract/vms/backups';
import { apiPostForResult } from '@/lib/api-client';

type DeleteBackup = { kind: BackupKind; uuid: string; provider?: string };

/**
 * POST /api/vmAction/deleteCloneVirtualMachine { cloneVMUUID } or /api/vmAction/deleteSnapshot
 * { snapshotVMUUID }: resolves with the server's message; 400 'Virtual machine must be shut off
 * to perform this operation.' while the machine runs.
 */
export function deleteBackup({
  kind,
  uuid,
  provider,
}: DeleteBackup): Promise<{ data: TBackupDeletedResponse; message: string }> {
  return kind === 'Clone'
    ? apiPostForResult<TBackupDeletedResponse>(
        'vmAction/deleteCloneVirtualMachine',
        { provider, cloneVMUUID: uuid },
        { authenticated: true },
      )
    : apiPostForResult<TBackupDeletedResponse>(
        'vmAction/deleteSnapshot',
        { provider, snapshotVMUUID: uuid },
        { authenticated: true },
      );
}

export function useDeleteBackup() {
  return useMutation({ mutationFn: deleteBackup });
}
