import { useQuery } from '@tanstack/react-query';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { apiPost } from '@/lib/api-client';

export const productDetailsQueryKey = (productId: number) =>
  ['products', 'details', productId] as const;

/**
 * POST /api/marketPlace/getVMProductDetails: the product, its specification lines, CPU rules,
 * periods, tax, discounts and regions. 404 'This product is not available'.
 */
export function getVmProductDetails(
  productID: number,
  signal?: AbortSignal,
): Promise<TGetVmProductDetailsResponse> {
  return apiPost<TGetVmProductDetailsResponse>(
    'marketPlace/getVMProductDetails',
    { productID },
    { signal, authenticated: true },
  );
}

export function useVmProductDetails(productId: number | null) {
  return useQuery({
    queryKey: productDetailsQueryKey(productId ?? 0),
    queryFn: ({ signal }) => getVmProductDetails(productId!, signal),
    enabled: productId !== null,
  });
}
