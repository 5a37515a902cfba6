import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OZOW_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import {
  cancelledOnly,
  OZOW_SITE,
  paidOnce,
  STARTER,
  startGatewayHarness,
  untouched,
  type GatewayHarness,
} from '../../../test/support/gateway-harness';
import { MAIN_ORIGIN } from '../../../test/support/test-app';
import { signOzowResponse } from '../../../test/vendors/ozow';

/**
 * Ozow through the app's routes: CreateOrder's form and HashCheck (checked by the fake Ozow), the
 * notification at /api/payments/ozow/notify and the signed redirect posted to transactionApi. Both
 * are claims: an order settles only on what Ozow's status API (GetTransactionByReference, with the
 * company's API key) says of it. Ozow's test site code and private key are public, so a correctly
 * hashed notification proves nothing by itself; without an API key Ozow is not offered at all.
 */

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness();
});
afterAll(() => h?.close());

async function ozowRequest() {
  const { response, order } = await h.createdOrder(OZOW_GATEWAY);
  // The fake Ozow answers 400 to a HashCheck it does not compute the same.
  await h.postForm(order);
  const request = h.ozow.requests.find(
    (entry) => entry.fields.TransactionReference === order.orderID,
  );
  expect(request).toBeDefined();
  return { response, order, request: request!, orderID: order.orderID };
}

/** An order's vm-request jobs: a paid order has one, a claim nobody confirmed none. */
const provisioningJobs = (orderID: string) => h.jobsOf('vm-request', orderID);

/** What anyone can make with Ozow's published test site code and private key. */
const handMade = (orderID: string, amount: string, status: 'Complete' | 'Cancelled' = 'Complete') =>
  signOzowResponse(
    { siteCode: OZOW_SITE.siteCode, transactionReference: orderID, amount, status, isTest: true },
    OZOW_SITE.privateKey,
  );

const notify = (fields: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/payments/ozow/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: '198.51.100.20',
  });

/** What the return page posts: the redirect's fields and the payment mode. */
const returnWith = (fields: Record<string, string>) =>
  h.transactionApi({ ...fields, paymentMode: OZOW_GATEWAY });

describe('Ozow checkout', () => {
  it('answers a pay form with a HashCheck Ozow accepts, and no private key', async () => {
    const { response, order } = await ozowRequest();
    expect(order.redirect_url).toBeNull();
    expect(order.form!.action).toBe(`${h.ozow.baseUrl}/`);
    expect(Object.keys(order.form!.fields)).toEqual([
      'SiteCode',
      'CountryCode',
      'CurrencyCode',
      'Amount',
      'TransactionReference',
      'BankReference',
      'Customer',
      'CancelUrl',
      'ErrorUrl',
      'SuccessUrl',
      'NotifyUrl',
      'IsTest',
      'HashCheck',
    ]);
    expect(order.form!.fields).toMatchObject({
      SiteCode: OZOW_SITE.siteCode,
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: h.quoteOf(STARTER),
      TransactionReference: order.orderID,
      BankReference: 'VM Purchase',
      Customer: h.owner.email,
      CancelUrl: `${MAIN_ORIGIN}/transaction-status/1`,
      ErrorUrl: `${MAIN_ORIGIN}/transaction-status/1`,
      SuccessUrl: `${MAIN_ORIGIN}/transaction-status/1`,
      NotifyUrl: `${MAIN_ORIGIN}/api/payments/ozow/notify`,
      IsTest: 'true',
    });
    expect(order.form!.fields.HashCheck).toMatch(/^[0-9a-f]{128}$/);
    h.expectNoSecret(response.body);
  });
});

describe('Ozow notification', () => {
  it('settles a notification Ozow confirms once; a replay and a later Error change nothing', async () => {
    const { orderID, request } = await ozowRequest();
    h.ozow.record(request, 'Complete');
    const complete = h.ozow.resultFor(request, 'Complete');
    const first = await notify(complete);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ verdict: 'paid' });
    expect(h.ozow.apiCalls.at(-1)).toEqual({
      url: `/GetTransactionByReference?siteCode=${OZOW_SITE.siteCode}&transactionReference=${orderID}`,
      apiKey: OZOW_SITE.apiKey,
    });
    const status = await h.orderStatus(orderID);
    expect(status).toMatchObject({ status: 'paid', transactionID: complete.TransactionId });
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);

    expect((await notify(complete)).statusCode).toBe(200);
    // A newer attempt that failed, after the payment: logged, and the order stays paid.
    h.ozow.record(request, 'Error');
    expect((await notify(h.ozow.resultFor(request, 'Error'))).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid', 'failed'],
    });
    expect(await provisioningJobs(orderID)).toHaveLength(1);
  });

  it('settles exactly once when a confirmed notification arrives many times at once', async () => {
    const { orderID, request } = await ozowRequest();
    h.ozow.record(request, 'Complete');
    const body = new URLSearchParams(h.ozow.resultFor(request, 'Complete')).toString();
    const statuses = await h.sendFormsAtOnce(
      '/api/payments/ozow/notify',
      Array.from({ length: 12 }, () => body),
      { 'x-forwarded-for': '198.51.100.21' },
    );
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
    const settlement = await h.settlementOf(orderID);
    expect(settlement).toMatchObject(paidOnce);
    expect(settlement.events).toEqual(Array.from({ length: 12 }, () => 'paid'));
    expect(await provisioningJobs(orderID)).toHaveLength(1);
  });

  it('leaves the order pending on a correctly hashed notification Ozow does not confirm', async () => {
    const { orderID, order } = await ozowRequest();
    const forged = handMade(orderID, order.amount);
    const expectNothingSettled = async (events: string[]) => {
      expect(await h.settlementOf(orderID)).toEqual({ ...untouched, events });
      expect(await provisioningJobs(orderID)).toEqual([]);
    };

    // Ozow holds no transaction for the reference (it answers 404).
    const unknown = await notify(forged);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ verdict: 'pending' });
    await expectNothingSettled(['pending']);

    const transaction = {
      transactionId: forged.TransactionId!,
      merchantCode: 'FAKE',
      siteCode: OZOW_SITE.siteCode,
      transactionReference: orderID,
      currencyCode: 'ZAR',
      amount: Number(order.amount),
      statusMessage: '',
      createdDate: new Date().toISOString(),
      paymentDate: null,
    };
    // Ozow knows the payment but it is still pending.
    h.ozow.transactions.push({ ...transaction, status: 'Pending' });
    expect((await notify(forged)).json().data).toEqual({ verdict: 'pending' });
    await expectNothingSettled(['pending', 'pending']);

    // Ozow's record of a complete payment of another amount, or in another currency.
    h.ozow.transactions.push({
      ...transaction,
      status: 'Complete',
      amount: Number(order.amount) - 0.01,
      createdDate: new Date(Date.now() + 1_000).toISOString(),
    });
    expect((await notify(forged)).json().data).toEqual({ verdict: 'rejected' });
    h.ozow.transactions.push({
      ...transaction,
      status: 'Complete',
      currencyCode: 'USD',
      createdDate: new Date(Date.now() + 2_000).toISOString(),
    });
    expect((await notify(forged)).json().data).toEqual({ verdict: 'rejected' });
    await expectNothingSettled([
      'pending',
      'pending',
      'rejected: Ozow confirmed another amount',
      'rejected: Ozow confirmed another currency',
    ]);

    // Ozow's API answers an error: Ozow is asked to notify again later.
    h.ozow.apiFailStatus = 500;
    try {
      const failing = await notify(forged);
      expect(failing.statusCode).toBe(503);
      expect(failing.json().data).toEqual({ verdict: 'retry-later' });
    } finally {
      h.ozow.apiFailStatus = null;
    }
    await expectNothingSettled([
      'pending',
      'pending',
      'rejected: Ozow confirmed another amount',
      'rejected: Ozow confirmed another currency',
    ]);
  });

  it('settles no other customer’s order on a hand-made notification, however often it is sent', async () => {
    const victim = await ozowRequest();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await h.app.inject({
        method: 'POST',
        url: '/api/payments/ozow/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(handMade(victim.orderID, victim.order.amount)).toString(),
        remoteAddress: '203.0.113.66',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual({ verdict: 'pending' });
    }
    expect(await h.settlementOf(victim.orderID)).toEqual({
      ...untouched,
      events: ['pending', 'pending', 'pending'],
    });
    expect(await provisioningJobs(victim.orderID)).toEqual([]);
  });

  it('rejects a tampered Hash and a wrong amount without asking Ozow; ignores an unknown order', async () => {
    const { orderID, request } = await ozowRequest();
    h.ozow.record(request, 'Complete');
    const callsBefore = h.ozow.apiCalls.length;
    const tampered = { ...h.ozow.resultFor(request, 'Complete'), Amount: '1.00' };
    const underpaid = handMade(orderID, '1.00');
    expect((await notify(tampered)).json().data).toEqual({ verdict: 'rejected' });
    expect((await notify(underpaid)).json().data).toEqual({ verdict: 'rejected' });
    expect(await h.settlementOf(orderID)).toEqual({
      ...untouched,
      events: ['rejected: hash mismatch', 'rejected: amount mismatch'],
    });
    expect(h.ozow.apiCalls.length).toBe(callsBefore);

    const answer = await notify(handMade('CP0000000000000000', '10.00'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ verdict: 'unknown-order' });
  });

  it('settles paid a Complete that Ozow confirms after a Cancelled', async () => {
    const { orderID, request } = await ozowRequest();
    h.ozow.record(request, 'Cancelled');
    expect((await notify(h.ozow.resultFor(request, 'Cancelled'))).json().data).toEqual({
      verdict: 'cancelled',
    });
    expect((await h.orderRow(orderID)).status).toBe('cancelled');
    h.ozow.record(request, 'Complete', { createdDate: new Date(Date.now() + 1_000).toISOString() });
    expect((await notify(h.ozow.resultFor(request, 'Complete'))).json().data).toEqual({
      verdict: 'paid',
    });
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['cancelled', 'paid'],
    });
  });
});

describe('Ozow return', () => {
  it('settles a return only on what Ozow confirms; forged or unconfirmed fields leave it pending', async () => {
    const paid = await ozowRequest();
    const forged = { ...h.ozow.resultFor(paid.request, 'Complete'), Hash: 'f'.repeat(128) };
    expect((await returnWith(forged)).json().data.status).toBe('pending');
    // Correctly hashed (the test key is public), but Ozow holds no such payment.
    const handMadeReturn = await returnWith(handMade(paid.orderID, paid.order.amount));
    expect(handMadeReturn.statusCode, handMadeReturn.body).toBe(200);
    expect(handMadeReturn.json().data.status).toBe('pending');
    // Ozow's record of a complete payment of another amount.
    h.ozow.record(paid.request, 'Complete', { amount: Number(paid.order.amount) / 2 });
    expect((await returnWith(h.ozow.resultFor(paid.request, 'Complete'))).json().data.status).toBe(
      'pending',
    );
    expect(await h.settlementOf(paid.orderID)).toEqual({ ...untouched, events: [] });
    expect(await provisioningJobs(paid.orderID)).toEqual([]);

    h.ozow.record(paid.request, 'Complete', {
      createdDate: new Date(Date.now() + 1_000).toISOString(),
    });
    const returned = await returnWith({ TransactionReference: paid.orderID });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ orderID: paid.orderID, status: 'paid' });
    expect(returned.json().data.receiptToken).toMatch(/^[\w-]{43}$/);
    expect(h.ozow.apiCalls.at(-1)!.apiKey).toBe(OZOW_SITE.apiKey);
    // The notification arriving after the return finds the order settled.
    await notify(h.ozow.resultFor(paid.request, 'Complete'));
    expect(await h.settlementOf(paid.orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid'],
    });

    const cancelling = await ozowRequest();
    h.ozow.record(cancelling.request, 'Cancelled');
    const cancelled = await returnWith(h.ozow.resultFor(cancelling.request, 'Cancelled'));
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await h.settlementOf(cancelling.orderID)).toEqual(cancelledOnly);
  });

  it('while Ozow’s API is down the order waits for a queued retry', async () => {
    const waiting = await ozowRequest();
    h.ozow.apiFailStatus = 503;
    try {
      const answer = await returnWith(h.ozow.resultFor(waiting.request, 'Complete'));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.status).toBe('pending');
      const [job] = await h.jobsOf('payment-confirmation', waiting.orderID);
      expect(job?.data.hint).toMatchObject({ TransactionReference: waiting.orderID });
      expect(await h.settlementOf(waiting.orderID)).toMatchObject(untouched);
    } finally {
      h.ozow.apiFailStatus = null;
    }
  });
});

describe('Ozow without an API key', () => {
  it('is not offered, and its notifications and returns settle nothing', async () => {
    const earlier = await ozowRequest();
    await h.pointGatewaysAtFakes({ ozowApiKey: null });
    try {
      const details = await h.as('/api/marketPlace/getVMProductDetails', {
        productID: h.products[STARTER.product],
      });
      expect(details.json().data.paymentGateway).not.toContain(OZOW_GATEWAY);
      expect(details.json().data.paymentGateway).toContain('Sandbox Payment');
      const refused = await h.createOrder(OZOW_GATEWAY);
      expect(refused.statusCode).toBe(400);

      // An order made while the key was there: a signed notification and return change nothing.
      h.ozow.record(earlier.request, 'Complete');
      const complete = h.ozow.resultFor(earlier.request, 'Complete');
      expect((await notify(complete)).json().data).toEqual({ verdict: 'rejected' });
      expect((await returnWith(complete)).json().data.status).toBe('pending');
      expect(await h.settlementOf(earlier.orderID)).toEqual({
        ...untouched,
        events: ['rejected: gateway not configured for the company'],
      });
    } finally {
      await h.pointGatewaysAtFakes();
    }
  });
});
