import { useQuery, type Query } from '@tanstack/react-query';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { apiPost } from '@/lib/api-client';

/** One order's status as the server knows it; transactionApi writes its answer here too. */
export function orderStatusQueryKey(orderID: string) {
  return ['orders', 'status', orderID] as const;
}

/**
 * POST /api/virtualMachine/getOrderStatus { orderID }: the customer's own order (404 'This order
 * does not exist' for anyone else's). It only reads: the status changes when the server has
 * verified the gateway's word.
 */
export function getOrderStatus(
  orderID: string,
  signal?: AbortSignal,
): Promise<TOrderStatusResponse> {
  // ZGetOrderStatusRequest's shape (the contract exports no type for it).
  const body: { orderID: string } = { orderID };
  return apiPost<TOrderStatusResponse>('virtualMachine/getOrderStatus', body, {
    signal,
    authenticated: true,
  });
}

type Options = {
  enabled?: boolean;
  /** The wait before asking again, from the latest answer; false stops asking. */
  refetchInterval?: (
    query: Query<TOrderStatusResponse, Error, TOrderStatusResponse, readonly unknown[]>,
  ) => number | false;
  /** False: a failed call is shown at once (the query client's retry policy otherwise). */
  retry?: false;
};

/** The order's status; no call while `orderID` is null or `enabled` is false. */
export function useOrderStatus(
  orderID: string | null,
  { enabled = true, refetchInterval, retry }: Options = {},
) {
  return useQuery({
    queryKey: orderStatusQueryKey(orderID ?? ''),
    queryFn: ({ signal }) => getOrderStatus(orderID!, signal),
    enabled: orderID !== null && enabled,
    refetchInterval,
    ...(retry === false && { retry }),
  });
}
