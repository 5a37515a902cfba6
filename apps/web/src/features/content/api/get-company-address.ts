import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TGetCompanyAddressRequest,
  TGetCompanyAddressResponse,
} from '@cloud-portal/contract/company/get-company-address';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/home/getCompanyAddress: the company's offices. */
export function getCompanyAddress(signal?: AbortSignal): Promise<TGetCompanyAddressResponse> {
  const body: TGetCompanyAddressRequest = { websiteUrl: getSiteOrigin() };
  return apiPost<TGetCompanyAddressResponse>('home/getCompanyAddress', body, { signal });
}

export function companyAddressQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'company-address'],
    queryFn: ({ signal }) => getCompanyAddress(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCompanyAddress() {
  return useQuery(companyAddressQueryOptions());
}
