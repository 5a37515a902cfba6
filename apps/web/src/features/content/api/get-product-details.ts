import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TGetProductDetailsRequest,
  TGetProductDetailsResponse,
} from '@cloud-portal/contract/content/get-product-details';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/productServicesData/getProductDetails: the side menu of business units and the one
 * named by `productName` (its route slug); `businessData` is null when there is no such unit.
 */
export function getProductDetails(
  productName: string,
  signal?: AbortSignal,
): Promise<TGetProductDetailsResponse> {
  const body: TGetProductDetailsRequest = { productName, websiteUrl: getSiteOrigin() };
  return apiPost<TGetProductDetailsResponse>('productServicesData/getProductDetails', body, {
    signal,
  });
}

export function useProductDetails(productName: string) {
  return useQuery({
    queryKey: ['content', 'product-details', productName.toLowerCase()],
    queryFn: ({ signal }) => getProductDetails(productName, signal),
    // The side menu stays while the next unit loads.
    placeholderData: keepPreviousData,
  });
}
