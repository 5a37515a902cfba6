import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { apiPost } from '@/lib/api-client';

/** A product id from the route: a positive whole number, else null (no call is made). */
export function readProductId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

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

export function vmProductDetailsQueryOptions(productId: number) {
  return queryOptions({
    queryKey: productDetailsQueryKey(productId),
    queryFn: ({ signal }) => getVmProductDetails(productId, signal),
  });
}

export function useVmProductDetails(productId: number | null) {
  return useQuery({ ...vmProductDetailsQueryOptions(productId ?? 0), enabled: productId !== null });
}
