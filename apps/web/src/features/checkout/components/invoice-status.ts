import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';

/**
 * The invoice kept in the tab says what the order was when it was opened; the server says what it
 * is now (paid in another tab, expired, cancelled from Purchase History). The server's word wins.
 */
export function withServerStatus(
  order: TOrderResponse,
  live: Pick<TOrderStatusResponse, 'orderID' | 'status'> | undefined,
): TOrderResponse {
  if (live === undefined || live.orderID !== order.orderID || live.status === order.status)
    return order;
  return { ...order, status: live.status };
}

/** Where a paid order's receipt opens (the receipt viewer with its PDF), or null without one. */
export function receiptPathOf(
  live: Pick<TOrderStatusResponse, 'status' | 'receiptToken'> | undefined,
): string | null {
  if (live?.status !== 'paid' || !live.receiptToken) return null;
  return `/DownloadInvoice/${encodeURIComponent(live.receiptToken)}`;
}
