import { describe, expect, it } from 'vitest';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { ApiError } from '../../../lib/api-client';
import { decidePaymentView } from './payment-view';

const order = (status: TOrderStatusResponse['status']): TOrderStatusResponse => ({
  orderID: 'ORD-1',
  status,
  gateway: 'Sandbox Payment',
  amount: '115.00',
  currencyCode: 'ZAR',
  message: '',
  commingFrom: 1,
  purchaseKind: 'newPurchase',
  productID: 7,
  vmName: 'vm-1',
  receiptToken: status === 'paid' ? 'token' : null,
  transactionID: status === 'paid' ? 'TX-1' : null,
  updateID: null,
  isClone: 0,
});

const apiError = (httpStatus: number) =>
  new ApiError({
    status: httpStatus,
    httpStatus,
    message: 'This order does not exist',
    data: null,
  });

const base = { confirmError: null, order: undefined, statusError: null, hasGivenUp: false };

describe('decidePaymentView', () => {
  it('waits while there is no answer yet', () => {
    expect(decidePaymentView(base)).toEqual({ kind: 'pending' });
  });

  it('sends a paid order to the success page and a failed one to the failed page', () => {
    expect(decidePaymentView({ ...base, order: order('paid') })).toEqual({
      kind: 'redirect',
      to: '/PurchaseSuccessful?orderID=ORD-1',
    });
    expect(decidePaymentView({ ...base, order: order('failed') })).toEqual({
      kind: 'redirect',
      to: '/PurchaseFailed?orderID=ORD-1',
    });
  });

  it('shows cancelled and expired orders in views of their own', () => {
    expect(decidePaymentView({ ...base, order: order('cancelled') }).kind).toBe('cancelled');
    expect(decidePaymentView({ ...base, order: order('expired') }).kind).toBe('expired');
  });

  it('keeps waiting on a pending order until the page gives up', () => {
    expect(decidePaymentView({ ...base, order: order('pending') })).toEqual({ kind: 'pending' });
    expect(decidePaymentView({ ...base, order: order('pending'), hasGivenUp: true }).kind).toBe(
      'stillConfirming',
    );
  });

  it('gives up only on a pending order: a final answer still shows', () => {
    expect(decidePaymentView({ ...base, order: order('cancelled'), hasGivenUp: true }).kind).toBe(
      'cancelled',
    );
  });

  it("answers 'does not exist' for a 404 from either call", () => {
    expect(decidePaymentView({ ...base, confirmError: apiError(404) }).kind).toBe('notFound');
    expect(
      decidePaymentView({ ...base, statusError: apiError(404), order: order('pending') }).kind,
    ).toBe('notFound');
  });

  it('polls on when transactionApi failed otherwise: the status call decides', () => {
    expect(decidePaymentView({ ...base, confirmError: apiError(502) })).toEqual({
      kind: 'pending',
    });
    expect(
      decidePaymentView({ ...base, confirmError: apiError(502), order: order('paid') }).kind,
    ).toBe('redirect');
  });

  it('shows a load error only when there is no status to show', () => {
    expect(decidePaymentView({ ...base, statusError: apiError(500) }).kind).toBe('loadError');
    expect(
      decidePaymentView({ ...base, statusError: apiError(500), order: order('pending') }),
    ).toEqual({
      kind: 'pending',
    });
  });
});
