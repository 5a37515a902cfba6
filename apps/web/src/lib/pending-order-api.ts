import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { apiPost } from '@/lib/api-client';
import { orderStatusQueryKey } from '@/lib/order-status-api';

/**
 * POST /api/virtualMachine/resumeOrderPayment { orderID }: the invoice of one of the customer's
 * pending orders with its payment started again (ADR 016), to pay it from any tab.
 */
export function resumeOrderPayment(orderID: string): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>(
    'virtualMachine/resumeOrderPayment',
    { orderID },
    { authenticated: true },
  );
}

/** POST /api/virtualMachine/cancelOrder { orderID }: cancels one of the customer's pending orders. */
export function cancelOrder(orderID: string): Promise<TOrderStatusResponse> {
  return apiPost<TOrderStatusResponse>(
    'virtualMachine/cancelOrder',
    { orderID },
    { authenticated: true },
  );
}

export function useResumeOrderPayment() {
  return useMutation({ mutationFn: resumeOrderPayment });
}

/** Cancel, then every list that shows the order (the purchases, the profile) is asked again. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: (_data, _error, orderID) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
        queryClient.invalidateQueries({ queryKey: orderStatusQueryKey(orderID) }),
      ]),
  });
}
