import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPurchaseHistoryPage } from '@cloud-portal/contract/orders/purchase-history';
import { apiGet } from '@/lib/api-client';
import { useUserProfileInfo } from '@/lib/user-profile-info';

const PURCHASE_HISTORY_QUERY_KEY = ['accounts', 'purchaseHistory'] as const;

const purchaseHistoryQueryKey = (page: number) => [...PURCHASE_HISTORY_QUERY_KEY, page] as const;

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

/**
 * One page of the purchase history. Page 1 is the one userProfileInfo carries (kept in step when
 * the profile is fetched again); it is asked for on its own only if the profile call failed.
 * While another page loads, the page shown stays on screen.
 */
export function usePurchaseHistory(page: number) {
  const queryClient = useQueryClient();
  const profile = useUserProfileInfo();
  const firstPage = profile.data?.purchaseHistory;
  const isFirstPage = page === 1;

  useEffect(() => {
    if (!firstPage) return;
    queryClient.setQueryData(purchaseHistoryQueryKey(1), firstPage, {
      updatedAt: profile.dataUpdatedAt,
    });
  }, [queryClient, firstPage, profile.dataUpdatedAt]);

  return useQuery({
    queryKey: purchaseHistoryQueryKey(page),
    queryFn: ({ signal }) => getPurchaseHistory(page, signal),
    initialData: isFirstPage ? firstPage : undefined,
    initialDataUpdatedAt: isFirstPage ? profile.dataUpdatedAt : undefined,
    enabled: !isFirstPage || !profile.isPending,
    placeholderData: keepPreviousData,
  });
}
