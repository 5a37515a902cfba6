import { useQuery } from '@tanstack/react-query';
import type {
  TGetProductNamesRequest,
  TGetProductNamesResponse,
} from '@cloud-portal/contract/marketplace/get-product-names';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';
import { marketplaceKeys } from './marketplace-query-keys';

/**
 * POST /api/marketPlace/getProductNames: the names of an OS's products (at most 50, by name)
 * for the VM select, narrowed by what the visitor types. The same for visitors and customers.
 */
export function getProductNames(
  request: { operatingSystem: number; search: string; serviceName: string },
  signal?: AbortSignal,
): Promise<TGetProductNamesResponse> {
  const body: TGetProductNamesRequest = { ...request, websiteUrl: getSiteOrigin() };
  return apiPost<TGetProductNamesResponse>('marketPlace/getProductNames', body, { signal });
}

export function useProductNames(
  operatingSystem: number | null,
  search: string,
  serviceName: string,
) {
  return useQuery({
    queryKey: marketplaceKeys.productNames(operatingSystem ?? 0, search, serviceName),
    queryFn: ({ signal }) =>
      getProductNames({ operatingSystem: operatingSystem ?? 0, search, serviceName }, signal),
    enabled: operatingSystem !== null,
    // The list stays while the next search's answer is on its way (never another OS's list).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === operatingSystem ? previous : undefined,
    staleTime: 5 * 60_000,
  });
}
