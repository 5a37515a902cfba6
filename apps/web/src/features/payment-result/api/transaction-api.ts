import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { apiPost } from '@/lib/api-client';
import { orderStatusQueryKey } from '@/lib/order-status-api';

/**
 * The return address's fields, as strings, and the order's id (ZTransactionApiRequest takes any
 * further field the gateway sent).
 */
type TransactionApiBody = Record<string, string> & { orderID: string };

/**
 * POST /api/virtualMachine/transactionApi: the server asks the order's gateway for its status
 * now (it never takes the return address's word) and answers the order's status.
 */
export function transactionApi(body: TransactionApiBody): Promise<TOrderStatusResponse> {
  return apiPost<TOrderStatusResponse>('virtualMachine/transactionApi', body, {
    authenticated: true,
  });
}

/**
 * Asks once per arrival on a return page (a query, so a re-render or a second observer never
 * asks twice; dropped on leaving, so coming back asks again). Its answer is the order's latest
 * status, so it seeds getOrderStatus. No abort signal: once sent, the server acts on it
 * whatever the page does, and the answer still updates the cache.
 */
export function useTransactionApi(body: TransactionApiBody | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-result', 'transaction-api', body] as const,
    queryFn: async () => {
      const status = await transactionApi(body!);
      queryClient.setQueryData(orderStatusQueryKey(body!.orderID), status);
      return status;
    },
    enabled: body !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
