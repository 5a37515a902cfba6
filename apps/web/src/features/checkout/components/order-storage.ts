import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';

/**
 * The order the invoice shows arrives in the navigation state from Buy Now; a copy is kept in
 * this tab's session storage by order id, so a reload (or Back from the gateway) still shows it.
 * It holds what the invoice screen shows and the ready-signed form, never a secret.
 */
const KEY_PREFIX = 'cloud-portal.checkout-order.';

/** Orders kept at most: the newest are kept, the rest forgotten. */
const MAX_KEPT = 10;

type OrderStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * A value that has the shape of an order response (the navigation state and the stored copy
 * come from this page's own code, but a stale tab may hold an older shape).
 */
function isOrderResponse(value: unknown): value is TOrderResponse {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return (
    typeof order.orderID === 'string' &&
    order.orderID !== '' &&
    typeof order.commingFrom === 'number' &&
    typeof order.status === 'string' &&
    typeof order.amount === 'string' &&
    typeof order.totalAmount === 'string' &&
    typeof order.currencyCode === 'string' &&
    typeof order.productCurrency === 'string' &&
    typeof order.expiresAt === 'string' &&
    (order.licenceRequired === 0 || order.licenceRequired === 1) &&
    (order.isTaxInvoice === 0 || order.isTaxInvoice === 1) &&
    Array.isArray(order.specification) &&
    Array.isArray(order.vmIDs)
  );
}

/** The order in a navigation state `{ order }`, or null. */
export function orderFromState(state: unknown): TOrderResponse | null {
  if (typeof state !== 'object' || state === null || !('order' in state)) return null;
  return isOrderResponse(state.order) ? state.order : null;
}

export function rememberOrder(storage: OrderStorage | null, order: TOrderResponse): void {
  if (!storage) return;
  try {
    storage.removeItem(KEY_PREFIX + order.orderID);
    const kept = keptOrderKeys(storage);
    for (const key of kept.slice(0, Math.max(0, kept.length - (MAX_KEPT - 1)))) {
      storage.removeItem(key);
    }
    storage.setItem(KEY_PREFIX + order.orderID, JSON.stringify({ at: Date.now(), order }));
  } catch {
    // Full or refused storage: the invoice still shows from the navigation state.
  }
}

export function recallOrder(storage: OrderStorage | null, orderID: string): TOrderResponse | null {
  if (!storage || orderID === '') return null;
  try {
    const stored: unknown = JSON.parse(storage.getItem(KEY_PREFIX + orderID) ?? 'null');
    const order = orderFromState(stored);
    return order?.orderID === orderID ? order : null;
  } catch {
    return null;
  }
}

/** The kept orders' keys, oldest first. */
function keptOrderKeys(storage: OrderStorage): string[] {
  const entries: { key: string; at: number }[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key === null || !key.startsWith(KEY_PREFIX)) continue;
    let at = 0;
    try {
      const stored: unknown = JSON.parse(storage.getItem(key) ?? 'null');
      if (typeof stored === 'object' && stored !== null && 'at' in stored)
        at = Number(stored.at) || 0;
    } catch {
      // An unreadable entry is the first to go.
    }
    entries.push({ key, at });
  }
  return entries.sort((a, b) => a.at - b.at).map((entry) => entry.key);
}

/** This tab's session storage, or null where the browser refuses it. */
export function sessionOrderStorage(): OrderStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
