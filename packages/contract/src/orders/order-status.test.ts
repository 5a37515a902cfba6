import { describe, expect, it } from 'vitest';
import { purchaseKindOf } from './order-status';

describe('purchaseKindOf', () => {
  it('names each order kind, a kind 2 order by its backup kind', () => {
    expect(purchaseKindOf(1)).toBe('newPurchase');
    expect(purchaseKindOf(2, 'Clone')).toBe('clone');
    expect(purchaseKindOf(2, 'Snapshot')).toBe('snapshot');
    expect(purchaseKindOf(2, null)).toBe('clone');
    expect(purchaseKindOf(3)).toBe('renew');
    expect(purchaseKindOf(4)).toBe('update');
    expect(purchaseKindOf(5)).toBe('multiRenew');
    expect(purchaseKindOf(99)).toBe('newPurchase');
  });
});
