import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OZOW_GATEWAY, PAYFAST_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import {
  cancelledOnly,
  PAYFAST_MERCHANT,
  paidOnce,
  STARTER,
  SLOW_ANSWER_MS,
  startGatewayHarness,
  untouched,
  type GatewayHarness,
} from '../../../test/support/gateway-harness';
import { MAIN_ORIGIN } from '../../../test/support/test-app';
import { buildItn } from '../../../test/vendors/payfast';
import { orders } from '../../db/schema/orders';
import { expireOrder } from './apply-verdict';

/**
 * PayFast through the app's routes: CreateOrder's signed form (checked by the fake PayFast's own
 * signing), the ITN at /api/virtualMachine/notifyPayFastStatus (signature, amount, source address,
 * PayFast's validation), the return pages, outages and a burst of identical ITNs.
 */

/** The fake's base URL is 127.0.0.1, so that is the address PayFast's ITNs come from here. */
const PAYFAST_ADDRESS = '127.0.0.1';

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness();
});
afterAll(() => h?.close());

async function payfastCheckout() {
  const { response, order } = await h.createdOrder(PAYFAST_GATEWAY);
  // The fake PayFast answers 400 to a form whose signature it does not compute the same.
  await h.postForm(order);
  const checkout = h.payfast.checkouts.find((entry) => entry.fields.m_payment_id === order.orderID);
  expect(checkout).toBeDefined();
  return { response, order, checkout: checkout!, orderID: order.orderID };
}

const itn = (fields: [string, string][], remoteAddress = PAYFAST_ADDRESS) =>
  h.app.inject({
    method: 'POST',
    url: '/api/virtualMachine/notifyPayFastStatus',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

describe('PayFast checkout', () => {
  it('answers a form signed in the documented field order, with no passphrase', async () => {
    const { response, order } = await payfastCheckout();
    expect(order.redirect_url).toBeNull();
    expect(order.form!.action).toBe(`${h.payfast.baseUrl}/eng/process`);
    expect(Object.keys(order.form!.fields)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
    const back = `${MAIN_ORIGIN}/transaction-status-payfast/1?orderID=${order.orderID}`;
    expect(order.form!.fields).toMatchObject({
      merchant_id: PAYFAST_MERCHANT.merchantId,
      merchant_key: PAYFAST_MERCHANT.merchantKey,
      return_url: back,
      cancel_url: `${back}&status=cancelled`,
      notify_url: `${MAIN_ORIGIN}/api/virtualMachine/notifyPayFastStatus`,
      email_address: h.owner.email,
      m_payment_id: order.orderID,
      amount: h.quoteOf(STARTER),
      item_name: 'Ubuntu Starter',
    });
    expect(order.form!.fields.signature).toMatch(/^[0-9a-f]{32}$/);
    // PayFast's protocol puts merchant_id and merchant_key in the browser's form; never the passphrase.
    h.expectNoSecret(response.body);
  });
});

describe('PayFast ITN', () => {
  it('settles on a valid ITN once; the same ITN again and a FAILED one after change nothing', async () => {
    const { orderID, checkout } = await payfastCheckout();
    const validationsBefore = h.payfast.validations.length;
    const complete = h.payfast.itnFor(checkout, 'COMPLETE');

    expect((await itn(complete)).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });
    // PayFast was asked to confirm exactly the fields it sent, without the signature.
    expect(h.payfast.validations.slice(validationsBefore)).toEqual([
      new URLSearchParams(complete.filter(([name]) => name !== 'signature'))
        .toString()
        .replaceAll('*', '%2A'),
    ]);
    const status = await h.orderStatus(orderID);
    expect(status).toMatchObject({
      status: 'paid',
      transactionID: complete.find(([name]) => name === 'pf_payment_id')![1],
    });
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);

    expect((await itn(complete)).statusCode).toBe(200);
    expect((await itn(h.payfast.itnFor(checkout, 'FAILED'))).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid', 'failed'],
    });
    expect((await h.orderStatus(orderID)).status).toBe('paid');
  });

  it('rejects a tampered signature, a wrong amount, a foreign address and an ITN PayFast does not validate', async () => {
    const { orderID, checkout } = await payfastCheckout();
    const complete = h.payfast.itnFor(checkout, 'COMPLETE');
    const tampered = complete.map(([name, value]): [string, string] =>
      name === 'amount_gross' ? [name, '1.00'] : [name, value],
    );
    const validationsBefore = h.payfast.validations.length;

    expect((await itn(tampered)).statusCode).toBe(200);
    expect((await itn(h.payfast.itnFor(checkout, 'COMPLETE', '1.00'))).statusCode).toBe(200);
    expect((await itn(complete, '203.0.113.9')).statusCode).toBe(200);
    // None of those was worth asking PayFast about.
    expect(h.payfast.validations.length).toBe(validationsBefore);
    h.payfast.validateAnswer = 'INVALID';
    try {
      expect((await itn(complete)).statusCode).toBe(200);
    } finally {
      h.payfast.validateAnswer = 'VALID';
    }

    expect(await h.settlementOf(orderID)).toEqual({
      ...untouched,
      events: [
        'rejected: signature mismatch',
        'rejected: amount mismatch',
        'rejected: source address is not PayFast',
        'rejected: PayFast did not validate the notification',
      ],
    });
    expect(await h.orderStatus(orderID)).toMatchObject({ status: 'pending', receiptToken: null });
  });

  it('ignores a signed ITN naming no order, or an order another gateway takes', async () => {
    const eventsBefore = await h.countAllEvents();
    const unknown = buildItn(
      {
        merchantId: PAYFAST_MERCHANT.merchantId,
        reference: 'CP0000000000000000',
        amountGross: '10.00',
      },
      PAYFAST_MERCHANT.passphrase,
    );
    expect((await itn(unknown)).statusCode).toBe(200);
    const { order } = await h.createdOrder(OZOW_GATEWAY);
    const crossed = buildItn(
      {
        merchantId: PAYFAST_MERCHANT.merchantId,
        reference: order.orderID,
        amountGross: order.amount,
      },
      PAYFAST_MERCHANT.passphrase,
    );
    expect((await itn(crossed)).statusCode).toBe(200);
    expect(await h.settlementOf(order.orderID)).toEqual({ ...untouched, events: [] });
    expect(await h.countAllEvents()).toBe(eventsBefore);
  });

  it('settles paid a COMPLETE that arrives after the order was cancelled or had expired', async () => {
    const cancelled = await payfastCheckout();
    // The customer pressed cancel at PayFast and came back by the cancel address…
    const back = await h.transactionApi({ orderID: cancelled.orderID, status: 'cancelled' });
    expect(back.json().data.status).toBe('cancelled');
    // …then paid in another tab: the money was taken, so the order is paid.
    expect((await itn(h.payfast.itnFor(cancelled.checkout, 'COMPLETE'))).statusCode).toBe(200);
    expect(await h.settlementOf(cancelled.orderID)).toMatchObject({
      ...paidOnce,
      events: ['cancelled', 'paid'],
    });

    const expired = await payfastCheckout();
    const row = await h.orderRow(expired.orderID);
    await h.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, row.id));
    expect(await expireOrder(h.db, row.id)).toBe(true);
    expect((await itn(h.payfast.itnFor(expired.checkout, 'COMPLETE'))).statusCode).toBe(200);
    expect(await h.settlementOf(expired.orderID)).toMatchObject({
      ...paidOnce,
      events: ['expired', 'paid'],
    });
  });

  it('answers 503 while PayFast validation is down or slow, so PayFast retries; the retry settles', async () => {
    const { orderID, checkout } = await payfastCheckout();
    const complete = h.payfast.itnFor(checkout, 'COMPLETE');

    h.payfast.validateStatus = 500;
    try {
      expect((await itn(complete)).statusCode).toBe(503);
    } finally {
      h.payfast.validateStatus = 200;
    }
    await h.withShortDeadline(async () => {
      h.payfast.delayMs = SLOW_ANSWER_MS;
      try {
        expect((await itn(complete)).statusCode).toBe(503);
      } finally {
        h.payfast.delayMs = 0;
      }
    });
    expect(await h.settlementOf(orderID)).toEqual({ ...untouched, events: [] });

    expect((await itn(complete)).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });
  });

  it('settles 50 identical ITNs sent at once exactly once', async () => {
    const { orderID, checkout } = await payfastCheckout();
    const body = new URLSearchParams(h.payfast.itnFor(checkout, 'COMPLETE')).toString();
    const statuses = await h.sendFormsAtOnce(
      '/api/virtualMachine/notifyPayFastStatus',
      Array.from({ length: 50 }, () => body),
      { 'x-forwarded-for': PAYFAST_ADDRESS },
    );
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 200));
    const settlement = await h.settlementOf(orderID);
    expect(settlement).toMatchObject(paidOnce);
    expect(settlement.events.length).toBeGreaterThanOrEqual(1);
    expect(settlement.events.every((verdict) => verdict === 'paid')).toBe(true);
    expect(await h.jobsOf('purchase-confirmation', orderID)).toHaveLength(1);
    expect(await h.jobsOf('vm-request', orderID)).toHaveLength(1);
  });
});

describe('PayFast return', () => {
  it('leaves the order to the ITN, and the cancel address only cancels', async () => {
    const { orderID, checkout } = await payfastCheckout();
    // PayFast has no status query: the plain return changes nothing and queues nothing.
    expect((await h.transactionApi({ orderID, status: 'COMPLETE' })).json().data.status).toBe(
      'pending',
    );
    expect(await h.jobsOf('payment-confirmation', orderID)).toEqual([]);
    expect((await itn(h.payfast.itnFor(checkout, 'COMPLETE'))).statusCode).toBe(200);
    // A late cancel return does not undo a verified payment.
    expect((await h.transactionApi({ orderID, status: 'cancelled' })).json().data.status).toBe(
      'paid',
    );
    expect(await h.settlementOf(orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });

    const cancelling = await payfastCheckout();
    const answer = await h.transactionApi({ orderID: cancelling.orderID, status: 'cancelled' });
    expect(answer.json().data).toMatchObject({ status: 'cancelled', receiptToken: null });
    expect(await h.settlementOf(cancelling.orderID)).toEqual(cancelledOnly);
  });
});
