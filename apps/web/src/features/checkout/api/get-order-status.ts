import { useQuery } from '@tanstack/react-query';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { apiPost } from '@/lib/api-client';

/** POST /api/virtualMachine/getOrderStatus { orderID }: one of the customer's orders; 404 otherwise. */
export function getOrderStatus(
  orderID: string,
  signal?: AbortSignal,
): Promise<TOrderStatusResponse> {
  return apiPost<TOrderStatusResponse>(
    'virtualMachine/getOrderStatus',
    { orderID },
    { signal, authenticated: true },
  );
}

/** Asked only when the invoice itself is gone: enough to lead back to the product. */
export function useOrderStatus(orderID: string | null) {
  return useQuery({
    queryKey: ['orders', 'status', orderID] as const,
    queryFn: ({ signal }) => getOrderStatus(orderID!, signal),
    enabled: orderID !== null,
    retry: false,
  });
}
