/**
 * Which order a gateway's return address is about. Each gateway names it its own way (see the
 * return addresses the server gives them): our `orderID`, Ozow's `TransactionReference`,
 * Pesapal's `OrderMerchantReference`, or the `{tranRef}` segment of the PayPal and Pesapal routes.
 */

/** The contract's order id limit (`zOrderId`): anything longer is not one of ours. */
const MAX_ORDER_ID_LENGTH = 64;

const QUERY_NAMES = ['orderID', 'TransactionReference', 'OrderMerchantReference'] as const;

function readReference(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  // Control characters never occur in an order id; the server refuses them anyway.
  if (text === '' || text.length > MAX_ORDER_ID_LENGTH || /\p{Cc}/u.test(text)) return null;
  return text;
}

/** The first usable reference, in the order the issue gives; null when there is none. */
export function pickOrderReference(
  params: { tranRef?: string | undefined },
  query: URLSearchParams,
): string | null {
  for (const name of QUERY_NAMES) {
    const reference = readReference(query.get(name));
    if (reference !== null) return reference;
  }
  return readReference(params.tranRef);
}

/**
 * The body of transactionApi: every field of the return address as the gateway sent it (the
 * first value of a repeated name, as `URLSearchParams.get` reads it) and the order's id. The
 * server checks all of it with the gateway; none of it decides the order's status.
 */
export function buildTransactionApiBody(
  query: URLSearchParams,
  orderID: string,
): Record<string, string> & { orderID: string } {
  const body: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!(name in body)) body[name] = value;
  }
  return { ...body, orderID };
}

/** The generic return page for an order, as the result pages send a customer back to it. */
export function transactionStatusPath(commingFrom: number, orderID: string): string {
  return `/transaction-status/${encodeURIComponent(String(commingFrom))}?${new URLSearchParams({ orderID }).toString()}`;
}

/** /PurchaseSuccessful or /PurchaseFailed for an order. */
export function purchaseResultPath(result: 'successful' | 'failed', orderID: string): string {
  const path = result === 'successful' ? '/PurchaseSuccessful' : '/PurchaseFailed';
  return `${path}?${new URLSearchParams({ orderID }).toString()}`;
}
