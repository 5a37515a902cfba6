import { describe, expect, it } from 'vitest';
import type { TPurchaseHistoryRow } from '@cloud-portal/contract/orders/purchase-history';
import {
  formatPurchaseDate,
  isCompletedPurchase,
  isPayablePurchase,
  purchaseInvoicePath,
  receiptPath,
  statusColor,
} from './purchase-history-format';

const row = (overrides: Partial<TPurchaseHistoryRow> = {}): TPurchaseHistoryRow => ({
  ID: 7,
  orderID: 'CP0123456789ABCDEF',
  vmName: 'Ubuntu Starter',
  bankReference: 'VM Purchase',
  transactionID: 'PF-1',
  transactionDate: '2025-03-04T10:00:00.000Z',
  currencyCode: 'ZAR',
  totalCost: '1366.20',
  paymentMode: 'PayFast Payment',
  transactionStatus: 'COMPLETED',
  updateID: null,
  isClone: 0,
  tempTblID: null,
  receiptToken: 'tok_abc',
  commingFrom: 1,
  payableUntil: null,
  ...overrides,
});

describe('the receipt of a purchase', () => {
  it('opens for a complete purchase (COMPLETED or Complete) that has a token', () => {
    expect(receiptPath(row())).toBe('/DownloadInvoice/tok_abc');
    expect(receiptPath(row({ transactionStatus: 'Complete' }))).toBe('/DownloadInvoice/tok_abc');
    expect(isCompletedPurchase(row({ transactionStatus: 'Complete' }))).toBe(true);
  });

  it('is not offered for any other status, nor without a token', () => {
    for (const status of ['Pending', 'Failed', 'Cancelled', 'Expired']) {
      expect(receiptPath(row({ transactionStatus: status }))).toBeNull();
    }
    expect(receiptPath(row({ receiptToken: null }))).toBeNull();
  });

  it('keeps a token with odd characters inside its path segment', () => {
    expect(receiptPath(row({ receiptToken: 'a/b?c' }))).toBe('/DownloadInvoice/a%2Fb%3Fc');
  });
});

describe('formatPurchaseDate', () => {
  // Noon UTC is the same calendar day in every time zone the tests may run in.
  const date = '2025-03-04T12:00:00.000Z';

  it("writes English as the spec's DD MMM, YYYY", () => {
    expect(formatPurchaseDate(date, 'en')).toBe('04 Mar, 2025');
    expect(formatPurchaseDate('2024-12-25T12:00:00Z', 'en')).toBe('25 Dec, 2024');
  });

  it('writes Korean in its own order', () => {
    expect(formatPurchaseDate(date, 'ko')).toBe('2025년 3월 4일');
  });

  it('answers nothing for a value that is not a date', () => {
    expect(formatPurchaseDate('yesterday', 'en')).toBe('');
  });
});

describe('statusColor', () => {
  it('marks pending blue, failed red and the rest grey', () => {
    expect(statusColor('Pending')).toBe('blue');
    expect(statusColor('Failed')).toBe('red');
    expect(statusColor('Cancelled')).toBe('gray');
    expect(statusColor('Expired')).toBe('gray');
  });
});

describe('a pending purchase', () => {
  const until = '2025-03-04T11:00:00.000Z';
  const pending = row({ transactionStatus: 'Pending', payableUntil: until, receiptToken: null });

  it('can be paid or cancelled until its time, and not from then on', () => {
    expect(isPayablePurchase(pending, Date.parse(until) - 1)).toBe(true);
    expect(isPayablePurchase(pending, Date.parse(until))).toBe(false);
    expect(isPayablePurchase(row({ payableUntil: null }), 0)).toBe(false);
    expect(isPayablePurchase(row({ payableUntil: 'not a date' }), 0)).toBe(false);
  });

  it("is paid on its kind's invoice", () => {
    expect(purchaseInvoicePath(row({ commingFrom: 3, orderID: 'CP12' }))).toBe(
      '/purchasedetails/3?orderID=CP12',
    );
  });
});
