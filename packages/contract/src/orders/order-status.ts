/** An order's life (issue 10): pending until a verified gateway verdict, then final. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return status !== 'pending';
}

/** Comes-from values of vm-lifecycle.md §2: the five order kinds. */
export const ORDER_KINDS = {
  newPurchase: 1,
  cloneOrSnapshot: 2,
  renew: 3,
  update: 4,
  multiRenew: 5,
} as const;
export type OrderKind = (typeof ORDER_KINDS)[keyof typeof ORDER_KINDS];
