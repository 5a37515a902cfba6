import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TGetProductServicesRequest,
  TGetProductServicesResponse,
} from '@cloud-portal/contract/company/get-product-services';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/home/getProductServices: the company's business units. */
export function getProductServices(signal?: AbortSignal): Promise<TGetProductServicesResponse> {
  const body: TGetProductServicesRequest = { websiteUrl: getSiteOrigin() };
  return apiPost<TGetProductServicesResponse>('home/getProductServices', body, { signal });
}

export function productServicesQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'product-services'],
    queryFn: ({ signal }) => getProductServices(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProductServices() {
  return useQuery(productServicesQueryOptions());
}
