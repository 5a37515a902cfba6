import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TGetDropdownListRequest,
  TGetDropdownListResponse,
} from '@cloud-portal/contract/company/get-dropdown-list';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/getDropdownList: the company's Benefits links (menu configuration). */
export function getDropdownList(signal?: AbortSignal): Promise<TGetDropdownListResponse> {
  const body: TGetDropdownListRequest = { customerUrl: getSiteOrigin() };
  return apiPost<TGetDropdownListResponse>('getDropdownList', body, { signal });
}

export function dropdownListQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'dropdown-list'],
    queryFn: ({ signal }) => getDropdownList(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDropdownList() {
  return useQuery(dropdownListQueryOptions());
}
