import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';

/** The invoice badge's text key for each purchase type (the order's bankReference). */
const KIND_KEYS = {
  Clone: 'clone',
  Snapshot: 'snapshot',
  Renew: 'renew',
  Update: 'update',
  'Multi Renew': 'multiRenew',
} as const;

type PurchaseKindKey = (typeof KIND_KEYS)[keyof typeof KIND_KEYS];

/**
 * What the invoice's badge names: a clone as a clone and a snapshot as a snapshot (both are
 * comes-from 2; the server's bankReference tells them apart); null for a new purchase.
 */
export function purchaseKindKey(
  order: Pick<TOrderResponse, 'bankReference' | 'commingFrom'>,
): PurchaseKindKey | null {
  if (order.commingFrom === 1) return null;
  return KIND_KEYS[order.bankReference as keyof typeof KIND_KEYS] ?? null;
}
