import { describe, expect, it } from 'vitest';
import { invoiceBackPath } from './invoice-back-path';

describe('invoiceBackPath', () => {
  it('goes back to the screen each kind of order was made on', () => {
    expect(invoiceBackPath({ commingFrom: 1, productID: 7, vmIDs: [] })).toBe('/productdetails/7');
    expect(invoiceBackPath({ commingFrom: 2, productID: 7, vmIDs: [31] })).toBe('/buyclonevm/31');
    expect(invoiceBackPath({ commingFrom: 3, productID: 7, vmIDs: [31] })).toBe('/renewvm/31');
    expect(invoiceBackPath({ commingFrom: 4, productID: 7, vmIDs: [31] })).toBe('/updatevm/31');
    expect(invoiceBackPath({ commingFrom: 5, productID: 7, vmIDs: [31, 32] })).toBe(
      '/CustomerProfile/2',
    );
  });

  it('falls back to the machines when the order names none', () => {
    expect(invoiceBackPath({ commingFrom: 3, productID: 7, vmIDs: [] })).toBe('/CustomerProfile/2');
  });
});
