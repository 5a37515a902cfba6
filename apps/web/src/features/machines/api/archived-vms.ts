import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TArchivedVmsPage } from '@cloud-portal/contract/vms/archived-vms';
import { apiGet } from '@/lib/api-client';

export const ARCHIVED_VMS_QUERY_KEY = ['accounts', 'archivedVMs'] as const;

/** GET /api/vmAction/archivedVMs?page=N: one page of the customer's archived VMs. */
export function getArchivedVms(page: number, signal?: AbortSignal): Promise<TArchivedVmsPage> {
  return apiGet<TArchivedVmsPage>(`vmAction/archivedVMs?page=${page}`, {
    signal,
    authenticated: true,
  });
}

/** One page of the Archived tab; while another page loads, the page shown stays on screen. */
export function useArchivedVms(page: number) {
  return useQuery({
    queryKey: [...ARCHIVED_VMS_QUERY_KEY, page],
    queryFn: ({ signal }) => getArchivedVms(page, signal),
    placeholderData: keepPreviousData,
  });
}
