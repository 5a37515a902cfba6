import { useQuery } from '@tanstack/react-query';
import type { BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import type { TCloneVmDetailResponse } from '@cloud-portal/contract/vms/clone-vm';
import { apiPost } from '@/lib/api-client';

const DETAIL_PATHS: Record<BackupKind, string> = {
  Clone: 'virtualMachine/getVMDetailForCloneVm',
  Snapshot: 'virtualMachine/getVMDetailForSnapshotVm',
};

const backupDetailQueryKey = (kind: BackupKind, vmId: number) =>
  ['vmOrders', 'backup', kind, vmId] as const;

/**
 * POST /api/virtualMachine/getVMDetailForCloneVm or getVMDetailForSnapshotVm: the machine, its
 * catalogue, the duration options and the bill of 1 × Daily. 404 for a machine that is not the
 * customer's, 403 for a blocked one, 409 for a clone or a machine that cannot be copied now.
 */
export function getVmDetailForBackup(
  kind: BackupKind,
  vmId: number,
  signal?: AbortSignal,
): Promise<TCloneVmDetailResponse> {
  return apiPost<TCloneVmDetailResponse>(
    DETAIL_PATHS[kind],
    { productID: vmId },
    { signal, authenticated: true },
  );
}

export function useVmDetailForBackup(kind: BackupKind, vmId: number | null) {
  return useQuery({
    queryKey: backupDetailQueryKey(kind, vmId ?? 0),
    queryFn: ({ signal }) => getVmDetailForBackup(kind, vmId!, signal),
    enabled: vmId !== null,
  });
}
