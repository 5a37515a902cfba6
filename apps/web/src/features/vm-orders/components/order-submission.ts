import type { OrderPayment } from '@/components/order-dialogs/use-buy-now';
import type { ApiError } from '@/lib/api-client';

/** The payment as every order screen's call takes it. */
export function paymentFields({ gateway, byPassflag, convertToUsd }: OrderPayment) {
  return { paymentGateway: gateway ?? '', byPassflag, convertToUsd };
}

/**
 * What an order screen does when the server refuses its order: 409, it priced it differently
 * (`data` carries its bill); 403 or 404, the machine is blocked, gone or not the customer's, so
 * nothing here can be bought.
 */
export function onOrderRefused({
  onPriceChanged,
  onUnavailable,
}: {
  onPriceChanged: (data: unknown) => void;
  onUnavailable: () => void;
}) {
  return (error: ApiError) => {
    if (error.httpStatus === 409) onPriceChanged(error.data);
    if ([403, 404].includes(error.httpStatus)) onUnavailable();
  };
}
