import { orderMessages } from '@cloud-portal/contract/orders/order-messages';

/**
 * What the failed page says (vm-lifecycle.md §2.6): the spec's sentence, then the gateway's own
 * stored reason when it has one that says more.
 */
export function failureMessages(stored: string): { spec: string; stored: string | null } {
  const reason = stored.trim();
  return {
    spec: orderMessages.gatewayFailure,
    stored: reason === '' || reason === orderMessages.gatewayFailure ? null : reason,
  };
}
