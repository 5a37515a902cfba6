import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { isApiError } from '../../../lib/api-client';
import { purchaseResultPath } from './order-reference';

/** What a return page shows for its order. */
type PaymentView =
  | { kind: 'pending' }
  | { kind: 'stillConfirming'; order: TOrderStatusResponse }
  | { kind: 'redirect'; to: string }
  | { kind: 'cancelled'; order: TOrderStatusResponse }
  | { kind: 'expired'; order: TOrderStatusResponse }
  | { kind: 'notFound'; error: unknown }
  | { kind: 'loadError'; error: unknown };

export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.httpStatus === 404;
}

type Input = {
  /** transactionApi's failure, if it failed (the page polls getOrderStatus regardless). */
  confirmError: unknown;
  /** The latest status the server gave (transactionApi's answer or getOrderStatus's). */
  order: TOrderStatusResponse | undefined;
  statusError: unknown;
  /** The page stopped polling (3 minutes) and waits for Check again. */
  hasGivenUp: boolean;
};

/**
 * The view for the server's answer, never the return address's: paid and failed go to their
 * result pages, cancelled and expired have views of their own, pending keeps waiting.
 */
export function decidePaymentView({
  confirmError,
  order,
  statusError,
  hasGivenUp,
}: Input): PaymentView {
  if (isNotFoundError(confirmError)) return { kind: 'notFound', error: confirmError };
  if (isNotFoundError(statusError)) return { kind: 'notFound', error: statusError };
  if (order !== undefined) {
    switch (order.status) {
      case 'paid':
        return { kind: 'redirect', to: purchaseResultPath('successful', order.orderID) };
      case 'failed':
        return { kind: 'redirect', to: purchaseResultPath('failed', order.orderID) };
      case 'cancelled':
        return { kind: 'cancelled', order };
      case 'expired':
        return { kind: 'expired', order };
      case 'pending':
        return hasGivenUp ? { kind: 'stillConfirming', order } : { kind: 'pending' };
    }
  }
  if (statusError) return { kind: 'loadError', error: statusError };
  return { kind: 'pending' };
}
