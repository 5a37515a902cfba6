import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TGetProductsRequest,
  TGetProductsResponse,
} from '@cloud-portal/contract/marketplace/get-products';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';
import { MARKETPLACE_PAGE_SIZE, marketplaceKeys } from './marketplace-query-keys';

/**
 * POST /api/marketPlace/getProducts: the first page of both sections, the clouds and the filter
 * lists, for every product or one cloud service's. Prices only when a customer asks.
 */
export function getProducts(
  serviceName: string,
  isLoggedIn: boolean,
  signal?: AbortSignal,
): Promise<TGetProductsResponse> {
  const body: TGetProductsRequest = {
    websiteUrl: getSiteOrigin(),
    serviceName,
    pageSize: MARKETPLACE_PAGE_SIZE,
  };
  return apiPost<TGetProductsResponse>('marketPlace/getProducts', body, {
    signal,
    authenticated: isLoggedIn,
  });
}

export function productsQueryOptions(serviceName: string, isLoggedIn: boolean) {
  return queryOptions({
    queryKey: marketplaceKeys.products(serviceName, isLoggedIn),
    queryFn: ({ signal }) => getProducts(serviceName, isLoggedIn, signal),
  });
}

/** `enabled` is false while the session is still being checked (no visitor's page first). */
export function useProducts(serviceName: string, isLoggedIn: boolean, enabled: boolean) {
  return useQuery({ ...productsQueryOptions(serviceName, isLoggedIn), enabled });
}
