import {
  OZOW_GATEWAY,
  PAYFAST_GATEWAY,
  PAYPAL_GATEWAY,
  PESAPAL_GATEWAY,
  SANDBOX_GATEWAY,
} from '@cloud-portal/contract/orders/gateways';
import type { TPurchaseHistoryRow } from '@cloud-portal/contract/orders/purchase-history';

/** vm-lifecycle.md §2.7: View Receipt only when the status is Complete or COMPLETED. */
export function isCompletedPurchase(row: Pick<TPurchaseHistoryRow, 'transactionStatus'>): boolean {
  const status = row.transactionStatus.toUpperCase();
  return status === 'COMPLETED' || status === 'COMPLETE';
}

/** The receipt page of a completed purchase, or null when it has none (yet). */
export function receiptPath(row: TPurchaseHistoryRow): string | null {
  if (!isCompletedPurchase(row) || !row.receiptToken) return null;
  return `/DownloadInvoice/${encodeURIComponent(row.receiptToken)}`;
}

/** The translation of each purchase type (the row's bankReference); others are shown as sent. */
export const PURCHASE_TYPE_KEYS: Readonly<Record<string, string>> = {
  'VM Purchase': 'vmPurchase',
  Clone: 'clone',
  Snapshot: 'snapshot',
  Renew: 'renew',
  Update: 'update',
  'Multi Renew': 'multiRenew',
};

/** The translation of each payment mode (the gateway's wire name, or byPass). */
export const PAYMENT_MODE_KEYS: Readonly<Record<string, string>> = {
  [SANDBOX_GATEWAY]: 'sandbox',
  [PAYPAL_GATEWAY]: 'paypal',
  [PAYFAST_GATEWAY]: 'payfast',
  [OZOW_GATEWAY]: 'ozow',
  [PESAPAL_GATEWAY]: 'pesapal',
  byPass: 'byPass',
};

/** The translation of each status but COMPLETED (which shows View Receipt instead). */
export const STATUS_KEYS: Readonly<Record<string, string>> = {
  PENDING: 'pending',
  FAILED: 'failed',
  ERROR: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

/** The badge colour of a status that is not complete (its text is drawn in the hue's shade 9). */
export function statusColor(status: string): 'blue' | 'red' | 'gray' {
  switch (status.toUpperCase()) {
    case 'PENDING':
      return 'blue';
    case 'FAILED':
    case 'ERROR':
      return 'red';
    default:
      return 'gray';
  }
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(language: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(language);
  if (!formatter) {
    const isEnglish = language.toLowerCase().startsWith('en');
    formatter = new Intl.DateTimeFormat(language, {
      day: isEnglish ? '2-digit' : 'numeric',
      month: 'short',
      year: 'numeric',
    });
    dateFormatters.set(language, formatter);
  }
  return formatter;
}

/**
 * The spec's DD MMM, YYYY ('04 Mar, 2025') in English; in any other language the same parts in
 * its own order ('2025년 3월 4일'). '' when the value is not a date.
 */
export function formatPurchaseDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const formatter = dateFormatter(language);
  if (!language.toLowerCase().startsWith('en')) return formatter.format(date);
  const parts = Object.fromEntries(
    formatter.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.year}`;
}

/**
 * A pending purchase that can still be paid or cancelled at `now` (ms, the server's clock): until
 * its payableUntil (ADR 016). Past it, the row reads Expired.
 */
export function isPayablePurchase(
  row: Pick<TPurchaseHistoryRow, 'payableUntil'>,
  now: number,
): boolean {
  if (row.payableUntil === null) return false;
  const until = Date.parse(row.payableUntil);
  return Number.isFinite(until) && now < until;
}

/** The invoice of a purchase's order kind, where Pay takes it (with the order in the state). */
export function purchaseInvoicePath(row: Pick<TPurchaseHistoryRow, 'commingFrom' | 'orderID'>) {
  return `/purchasedetails/${row.commingFrom}?${new URLSearchParams({ orderID: row.orderID })}`;
}
