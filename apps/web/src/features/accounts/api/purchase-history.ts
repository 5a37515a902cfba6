import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPurchaseHistoryPage } from '@cloud-portal/contract/orders/purchase-history';
import { apiGet } from '@/lib/api-client';

export const PURCHASE_HISTORY_QUERY_KEY = ['accounts', 'purchaseHistory'] as const;

export const purchaseHistoryQueryKey = (page: number) =>
  [...PURCHASE_HISTORY_QUERY_KEY, page] as const;

/** GET /api/profileSetting/purchaseHistory?page=N: one page of the customer's purchases. */
export function getPurchaseHistory(
  page: number,
  signal?: AbortSignal,
): Promise<TPurchaseHistoryPage> {
  return apiGet<TPurchaseHistoryPage>(`profileSetting/purchaseHistory?page=${page}`, {
    signal,
    authenticated: true,
  });
}

/** The first page as userProfileInfo brought it, and whether that call is still on its way. */
export type FirstPurchaseHistoryPage = {
  data: TPurchaseHistoryPage | undefined;
  updatedAt: number;
  isPending: boolean;
};

/**
 * One page of the purchase history. Page 1 is the one userProfileInfo carries (kept in step when
 * the profile is fetched again); it is asked for on its own only if the profile call failed.
 * While another page loads, the page shown stays on screen.
 */
export function usePurchaseHistory(page: number, firstPage: FirstPurchaseHistoryPage) {
  const queryClient = useQueryClient();
  const isFirstPage = page === 1;

  useEffect(() => {
    if (!firstPage.data) return;
    queryClient.setQueryData(purchaseHistoryQueryKey(1), firstPage.data, {
      updatedAt: firstPage.updatedAt,
    });
  }, [queryClient, firstPage.data, firstPage.updatedAt]);

  return useQuery({
    queryKey: purchaseHistoryQueryKey(page),
    queryFn: ({ signal }) => getPurchaseHistory(page, signal),
    initialData: isFirstPage ? firstPage.data : undefined,
    initialDataUpdatedAt: isFirstPage ? firstPage.updatedAt : undefined,
    enabled: !isFirstPage || !firstPage.isPending,
    placeholderData: keepPreviousData,
  });
}
