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
} from '../../test/support/gateway-harness';
import { MAIN_ORIGIN } from '../../test/support/test-app';
import { signOzowResponse } from '../../test/vendors/ozow';

/**
 * Ozow through the app's routes: CreateOrder's form and HashCheck (checked by the fake Ozow), the
 * notification at /api/payments/ozow/notify, the signed redirect posted to transactionApi, and
 * Ozow's status API when the company has an API key.
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
  it('settles on a valid notification once; a replay and an Error after it change nothing', async () => {
    const { orderID, request } = await ozowRequest();
    const complete = h.ozow.resultFor(request, 'Complete');
    const first = await notify(complete);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ verdict: 'paid' });
    const status = await h.orderStatus(orderID);
    expect(status).toMatchObject({ status: 'paid', transactionID: complete.TransactionId });
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);

    expect((await notify(complete)).statusCode).toBe(200);
    expect((await notify(h.ozow.resultFor(request, 'Error'))).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid', 'failed'],
    });
  });

  it('rejects a tampered Hash and a wrong amount; ignores an unknown order', async () => {
    const { orderID, request } = await ozowRequest();
    const tampered = { ...h.ozow.resultFor(request, 'Complete'), Amount: '1.00' };
    const underpaid = signOzowResponse(
      {
        siteCode: OZOW_SITE.siteCode,
        transactionReference: orderID,
        amount: '1.00',
        status: 'Complete',
        isTest: true,
      },
      OZOW_SITE.privateKey,
    );
    expect((await notify(tampered)).json().data).toEqual({ verdict: 'rejected' });
    expect((await notify(underpaid)).json().data).toEqual({ verdict: 'rejected' });
    expect(await h.settlementOf(orderID)).toEqual({
      ...untouched,
      events: ['rejected: hash mismatch', 'rejected: amount mismatch'],
    });

    const unknown = signOzowResponse(
      {
        siteCode: OZOW_SITE.siteCode,
        transactionReference: 'CP0000000000000000',
        amount: '10.00',
        status: 'Complete',
        isTest: true,
      },
      OZOW_SITE.privateKey,
    );
    const answer = await notify(unknown);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ verdict: 'unknown-order' });
  });

  it('settles paid a Complete that arrives after a Cancelled', async () => {
    const { orderID, request } = await ozowRequest();
    expect((await notify(h.ozow.resultFor(request, 'Cancelled'))).json().data).toEqual({
      verdict: 'cancelled',
    });
    expect((await h.orderRow(orderID)).status).toBe('cancelled');
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
  it('settles on a redirect whose Hash verifies; a forged one stays pending; a cancelled one only cancels', async () => {
    const paid = await ozowRequest();
    const forged = { ...h.ozow.resultFor(paid.request, 'Complete'), Hash: 'f'.repeat(128) };
    expect((await returnWith(forged)).json().data.status).toBe('pending');
    expect(await h.settlementOf(paid.orderID)).toEqual({ ...untouched, events: [] });

    const returned = await returnWith(h.ozow.resultFor(paid.request, 'Complete'));
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ orderID: paid.orderID, status: 'paid' });
    expect(returned.json().data.receiptToken).toMatch(/^[\w-]{43}$/);
    // The notification arriving after the return finds the order settled.
    await notify(h.ozow.resultFor(paid.request, 'Complete'));
    expect(await h.settlementOf(paid.orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid'],
    });

    const cancelling = await ozowRequest();
    const cancelled = await returnWith(h.ozow.resultFor(cancelling.request, 'Cancelled'));
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await h.settlementOf(cancelling.orderID)).toEqual(cancelledOnly);
  });

  it('with an API key asks Ozow, not the redirect; while that API is down the order waits for a queued retry', async () => {
    await h.pointGatewaysAtFakes({ ozowApiKey: OZOW_SITE.apiKey });
    try {
      const paid = await ozowRequest();
      const complete = h.ozow.resultFor(paid.request, 'Complete');
      // Ozow holds no transaction for the reference yet: a signed redirect alone is not enough.
      expect((await returnWith(complete)).json().data.status).toBe('pending');
      h.ozow.transactions.push({
        transactionId: complete.TransactionId!,
        merchantCode: 'FAKE',
        siteCode: OZOW_SITE.siteCode,
        transactionReference: paid.orderID,
        currencyCode: 'ZAR',
        amount: Number(paid.order.amount),
        status: 'Complete',
        statusMessage: 'Transaction complete',
        createdDate: new Date().toISOString(),
        paymentDate: new Date().toISOString(),
      });
      const later = await returnWith({ TransactionReference: paid.orderID });
      expect(later.json().data.status).toBe('paid');
      expect(h.ozow.apiCalls.at(-1)!.apiKey).toBe(OZOW_SITE.apiKey);
      expect(await h.settlementOf(paid.orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });

      const waiting = await ozowRequest();
      h.ozow.apiFailStatus = 503;
      try {
        const answer = await returnWith({ TransactionReference: waiting.orderID });
        expect(answer.statusCode).toBe(200);
        expect(answer.json().data.status).toBe('pending');
        const [job] = await h.jobsOf('payment-confirmation', waiting.orderID);
        expect(job?.data.hint).toMatchObject({ TransactionReference: waiting.orderID });
        expect(await h.settlementOf(waiting.orderID)).toMatchObject(untouched);
      } finally {
        h.ozow.apiFailStatus = null;
      }
    } finally {
      await h.pointGatewaysAtFakes();
    }
  });
});
