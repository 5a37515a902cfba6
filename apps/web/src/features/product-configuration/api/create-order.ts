import { useMutation } from '@tanstack/react-query';
import type {
  TCreateOrderRequest,
  TOrderResponse,
} from '@cloud-portal/contract/orders/create-order';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/virtualMachine/CreateOrder: a new purchase (commingFrom 1) at the server's prices.
 * 409 'The price has changed…' when the total differs from the server's quote, 400 with field
 * errors, 422 when the gateway is not offered or none is available.
 */
export function createOrder(request: TCreateOrderRequest): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>('virtualMachine/CreateOrder', request, { authenticated: true });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
