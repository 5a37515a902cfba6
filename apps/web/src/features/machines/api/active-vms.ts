import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import { apiGet } from '@/lib/api-client';
import { isSettling } from '../components/products-tab-format';

export const ACTIVE_VMS_QUERY_KEY = ['accounts', 'activeVMs'] as const;

const activeVmsQueryKey = (page: number) => [...ACTIVE_VMS_QUERY_KEY, page] as const;

/** While a machine is being made or changing state, the list is asked for again this often. */
const ACTIVE_VMS_REFRESH_MS = 5_000;

/** GET /api/vmAction/activeVMs?page=N: one page of the customer's VMs. */
export function getActiveVms(page: number, signal?: AbortSignal): Promise<TActiveVmsPage> {
  return apiGet<TActiveVmsPage>(`vmAction/activeVMs?page=${page}`, {
    signal,
    authenticated: true,
  });
}

/**
 * One page of the customer's VMs. While any VM on it is provisioning or busy, the page refreshes
 * every five seconds so the customer sees it come up without reloading; while another page
 * loads, the page shown stays on screen.
 */
export function useActiveVms(page: number) {
  return useQuery({
    queryKey: activeVmsQueryKey(page),
    queryFn: ({ signal }) => getActiveVms(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some(isSettling) ? ACTIVE_VMS_REFRESH_MS : false,
  });
}
