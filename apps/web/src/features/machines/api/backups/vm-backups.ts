import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TVmBackup, TVmBackupsPage } from '@cloud-portal/contract/vms/backups';
import { apiGet } from '@/lib/api-client';

export const VM_BACKUPS_QUERY_KEY = ['accounts', 'vmBackups'] as const;

const vmBackupsQueryKey = (vmId: number, page: number) =>
  [...VM_BACKUPS_QUERY_KEY, vmId, page] as const;

/** While a backup is being made or restored, the list is asked for again this often. */
const VM_BACKUPS_REFRESH_MS = 5_000;

/** A backup whose state changes on its own: the list keeps asking until it settles. */
function isBackupSettling(backup: Pick<TVmBackup, 'status'>): boolean {
  return backup.status === 'creating' || backup.status === 'restoring';
}

/** GET /api/vmAction/vmBackups?vmId=N&page=P: one page of one machine's clones and snapshots. */
export function getVmBackups(
  vmId: number,
  page: number,
  signal?: AbortSignal,
): Promise<TVmBackupsPage> {
  const query = new URLSearchParams({ vmId: String(vmId), page: String(page) });
  return apiGet<TVmBackupsPage>(`vmAction/vmBackups?${query}`, { signal, authenticated: true });
}

export function useVmBackups(vmId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: vmBackupsQueryKey(vmId, page),
    queryFn: ({ signal }) => getVmBackups(vmId, page, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some(isBackupSettling) ? VM_BACKUPS_REFRESH_MS : false,
  });
}
