import { describe, expect, it } from 'vitest';
import {
  buildTransactionApiBody,
  pickOrderReference,
  purchaseResultPath,
  transactionStatusPath,
} from './order-reference';

const query = (text: string) => new URLSearchParams(text);

describe('pickOrderReference', () => {
  it('reads our own orderID (Sandbox, bypass, PayFast)', () => {
    expect(pickOrderReference({}, query('orderID=ORD-1'))).toBe('ORD-1');
    expect(pickOrderReference({}, query('orderID=ORD-1&status=cancelled'))).toBe('ORD-1');
  });

  it("reads Ozow's TransactionReference", () => {
    expect(
      pickOrderReference({}, query('TransactionReference=ORD-2&Status=Complete&Hash=abc')),
    ).toBe('ORD-2');
  });

  it("reads Pesapal's OrderMerchantReference before the route's tranRef", () => {
    expect(
      pickOrderReference(
        { tranRef: 'ROUTE-REF' },
        query('OrderTrackingId=track-9&OrderMerchantReference=ORD-3'),
      ),
    ).toBe('ORD-3');
  });

  it("falls back to the route's tranRef (PayPal)", () => {
    expect(pickOrderReference({ tranRef: 'ORD-4' }, query('token=EC-1&PayerID=P1'))).toBe('ORD-4');
  });

  it('takes orderID first, then TransactionReference, then OrderMerchantReference', () => {
    expect(
      pickOrderReference(
        { tranRef: 'D' },
        query('OrderMerchantReference=C&TransactionReference=B&orderID=A'),
      ),
    ).toBe('A');
    expect(
      pickOrderReference(
        { tranRef: 'D' },
        query('OrderMerchantReference=C&TransactionReference=B'),
      ),
    ).toBe('B');
  });

  it('skips empty, blank, over-long and control-character values', () => {
    expect(
      pickOrderReference({ tranRef: 'ORD-5' }, query('orderID=&TransactionReference=%20')),
    ).toBe('ORD-5');
    expect(pickOrderReference({ tranRef: 'ORD-6' }, query(`orderID=${'x'.repeat(65)}`))).toBe(
      'ORD-6',
    );
    expect(pickOrderReference({}, query('orderID=ORD%0A7'))).toBeNull();
    expect(pickOrderReference({}, query(`orderID=${'x'.repeat(64)}`))).toBe('x'.repeat(64));
  });

  it('trims the reference', () => {
    expect(pickOrderReference({ tranRef: '  ORD-8 ' }, query(''))).toBe('ORD-8');
  });

  it('answers null when nothing names the order', () => {
    expect(pickOrderReference({}, query(''))).toBeNull();
    expect(pickOrderReference({ tranRef: undefined }, query('status=cancelled'))).toBeNull();
    expect(pickOrderReference({ tranRef: '' }, query('token=EC-1'))).toBeNull();
  });

  it('matches query names exactly (case matters, as the gateways send them)', () => {
    expect(pickOrderReference({}, query('orderid=ORD-9&transactionreference=ORD-9'))).toBeNull();
  });
});

describe('buildTransactionApiBody', () => {
  it('carries every query field as a string, plus the order id', () => {
    expect(
      buildTransactionApiBody(
        query('TransactionReference=ORD-2&Status=Complete&Amount=25.00&Hash=abc'),
        'ORD-2',
      ),
    ).toEqual({
      TransactionReference: 'ORD-2',
      Status: 'Complete',
      Amount: '25.00',
      Hash: 'abc',
      orderID: 'ORD-2',
    });
  });

  it('keeps the first value of a repeated name and sets orderID to the picked reference', () => {
    expect(buildTransactionApiBody(query('status=a&status=b&orderID=%20X%20'), 'X')).toEqual({
      status: 'a',
      orderID: 'X',
    });
  });

  it('sends just the order id when the address has no query', () => {
    expect(buildTransactionApiBody(query(''), 'ORD-4')).toEqual({ orderID: 'ORD-4' });
  });
});

describe('result paths', () => {
  it('encodes the order id', () => {
    expect(purchaseResultPath('successful', 'A&B')).toBe('/PurchaseSuccessful?orderID=A%26B');
    expect(purchaseResultPath('failed', 'ORD-1')).toBe('/PurchaseFailed?orderID=ORD-1');
    expect(transactionStatusPath(3, 'ORD 1')).toBe('/transaction-status/3?orderID=ORD+1');
  });
});
