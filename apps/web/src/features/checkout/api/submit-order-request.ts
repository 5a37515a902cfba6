import { useMutation } from '@tanstack/react-query';
import type { TSubmitOrderResponse } from '@cloud-portal/contract/orders/submit-order-request';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/submitOrderRequest { orderID }: a PesaPal order for a pending order;
 * answers where to send the customer (redirect_url). The server builds its own return address.
 */
export function submitOrderRequest(orderID: string): Promise<TSubmitOrderResponse> {
  return apiPost<TSubmitOrderResponse>(
    'virtualMachine/submitOrderRequest',
    { orderID, method: 'newOrRenewVM' },
    { authenticated: true },
  );
}

export function useSubmitOrderRequest() {
  return useMutation({ mutationFn: submitOrderRequest });
}
