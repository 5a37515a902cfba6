import { describe, expect, it } from 'vitest';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { receiptPathOf, withServerStatus } from './invoice-status';

const kept = { orderID: 'CP1', status: 'pending' } as TOrderResponse;

describe('the invoice kept in the tab', () => {
  it("takes the server's status of the same order", () => {
    expect(withServerStatus(kept, { orderID: 'CP1', status: 'paid' }).status).toBe('paid');
    expect(withServerStatus(kept, { orderID: 'CP1', status: 'cancelled' }).status).toBe(
      'cancelled',
    );
  });

  it('stays as it is without an answer, or with the answer of another order', () => {
    expect(withServerStatus(kept, undefined)).toBe(kept);
    expect(withServerStatus(kept, { orderID: 'CP2', status: 'paid' })).toBe(kept);
  });
});

describe('the receipt of a paid invoice', () => {
  it('opens the receipt viewer of a paid order only', () => {
    expect(receiptPathOf({ status: 'paid', receiptToken: 'a b' })).toBe('/DownloadInvoice/a%20b');
    expect(receiptPathOf({ status: 'paid', receiptToken: null })).toBeNull();
    expect(receiptPathOf({ status: 'pending', receiptToken: 'x' })).toBeNull();
    expect(receiptPathOf(undefined)).toBeNull();
  });
});
