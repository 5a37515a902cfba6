/** An order's life (issue 10): pending until a verified gateway verdict, then final. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Comes-from values of vm-lifecycle.md §2: the five order kinds. */
export const ORDER_KINDS = {
  newPurchase: 1,
  cloneOrSnapshot: 2,
  renew: 3,
  update: 4,
  multiRenew: 5,
} as const;
export type OrderKind = (typeof ORDER_KINDS)[keyof typeof ORDER_KINDS];

/** The purchase type a receipt and the history show (vm-lifecycle.md §2.7, bankReference). */
const BANK_REFERENCES: Readonly<Record<OrderKind, string>> = {
  1: 'VM Purchase',
  2: 'Clone',
  3: 'Renew',
  4: 'Update',
  5: 'Multi Renew',
};
/** A kind 2 order that bought a snapshot, not a clone, is named for what it is. */
const SNAPSHOT_BANK_REFERENCE = 'Snapshot';
/** §9's default bank reference. */
const DEFAULT_BANK_REFERENCE = 'VM Purchase';

/** Every purchase type a bankReference can name, for the labels of the history and receipt. */
export type BankReference = (typeof BANK_REFERENCES)[OrderKind] | typeof SNAPSHOT_BANK_REFERENCE;

/**
 * The purchase type of an order: its kind's, except that comes-from 2 (clone or snapshot, one
 * kind on the wire) says Snapshot when the order bought a snapshot.
 */
export function bankReferenceOf(kind: number, backupKind?: 'Clone' | 'Snapshot' | null): string {
  if (kind === ORDER_KINDS.cloneOrSnapshot && backupKind === 'Snapshot') {
    return SNAPSHOT_BANK_REFERENCE;
  }
  return BANK_REFERENCES[kind as OrderKind] ?? DEFAULT_BANK_REFERENCE;
}

/**
 * What a paid order did, for the words the customer reads after paying (issue 25 item 11): a
 * kind 2 order is a clone or a snapshot.
 */
export const PURCHASE_KINDS = [
  'newPurchase',
  'clone',
  'snapshot',
  'renew',
  'update',
  'multiRenew',
] as const;
type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export function purchaseKindOf(kind: number, backupKind?: string | null): PurchaseKind {
  switch (kind) {
    case ORDER_KINDS.cloneOrSnapshot:
      return backupKind === 'Snapshot' ? 'snapshot' : 'clone';
    case ORDER_KINDS.renew:
      return 'renew';
    case ORDER_KINDS.update:
      return 'update';
    case ORDER_KINDS.multiRenew:
      return 'multiRenew';
    default:
      return 'newPurchase';
  }
}

/** A purchase's updateID on the wire (§3 purchase history row, §7 transactionApi): updates only. */
export const updateIdOf = (order: { id: number; kind: number }): number | null =>
  order.kind === ORDER_KINDS.update ? order.id : null;

/** A purchase's isClone on the wire: 1 for a clone or snapshot order. */
export const isCloneOf = (order: { kind: number }): 0 | 1 =>
  order.kind === ORDER_KINDS.cloneOrSnapshot ? 1 : 0;
