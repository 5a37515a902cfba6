import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import {
  cancelledOnly,
  paidOnce,
  STARTER,
  SLOW_ANSWER_MS,
  startGatewayHarness,
  untouched,
  type GatewayHarness,
} from '../../../test/support/gateway-harness';
import { MAIN_ORIGIN } from '../../../test/support/test-app';
import { orders } from '../../db/schema/orders';
import type { SignedWebhook } from '../../../test/vendors/paypal';

/**
 * PayPal through the app's routes: CreateOrder creating the order at the fake PayPal (in USD, with
 * the PayPal-Request-Id), the return's capture through transactionApi, verified webhooks at
 * /api/payments/paypal/webhook, and a capture that fails or is slow.
 */

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness();
});
afterAll(() => h?.close());

async function paypalOrder() {
  const { response, order } = await h.createdOrder(PAYPAL_GATEWAY, STARTER, { convertToUsd: true });
  const paypalOrderId = new URL(order.redirect_url!).searchParams.get('token')!;
  expect(h.paypal.orders.get(paypalOrderId)?.customId).toBe(order.orderID);
  return { response, order, orderID: order.orderID, paypalOrderId };
}

function webhook(event: Record<string, unknown>, tamper?: (signed: SignedWebhook) => void) {
  const signed = h.paypal.signWebhook(event);
  tamper?.(signed);
  return h.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: signed.headers,
    payload: signed.body,
    remoteAddress: '198.51.100.30',
  });
}

const capturesOf = (paypalOrderId: string) =>
  h.paypal.requestsTo('POST', `/v2/checkout/orders/${paypalOrderId}/capture`);

describe('PayPal checkout', () => {
  it('redirects to the payer link of an order PayPal created in USD, with the PayPal-Request-Id and no secret', async () => {
    // ZAR is charged in USD only once the customer agrees.
    expect((await h.createOrder(PAYPAL_GATEWAY)).statusCode).toBe(422);

    const { response, order, paypalOrderId } = await paypalOrder();
    const usd = formatMinor(Math.round((toMinor(h.quoteOf(STARTER)) * 63) / 1000));
    expect(order).toMatchObject({ amount: usd, currencyCode: 'USD', form: null });
    expect(order.redirect_url).toBe(
      `https://www.sandbox.paypal.com/checkoutnow?token=${paypalOrderId}`,
    );
    expect(h.paypal.orders.get(paypalOrderId)!.amount).toEqual({
      currency_code: 'USD',
      value: usd,
    });
    const [created] = h.paypal
      .requestsTo('POST', '/v2/checkout/orders')
      .filter((request) => request.headers['paypal-request-id'] === order.orderID);
    expect(created).toBeDefined();
    const body = created!.json as { payment_source: { paypal: { experience_context: object } } };
    const back = `${MAIN_ORIGIN}/transaction-status-paypal/${order.orderID}/1`;
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: back,
      cancel_url: `${back}?status=cancelled`,
    });
    h.expectNoSecret(response.body);
  });
});

describe('PayPal return', () => {
  it('fails the order whose payment PayPal would not create, so nothing is left pending', async () => {
    h.paypal.answerNext('POST', '/v2/checkout/orders', { status: 503, body: {} });
    const response = await h.createOrder(PAYPAL_GATEWAY, STARTER, { convertToUsd: true });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const [latest] = await h.db
      .select({ status: orders.status })
      .from(orders)
      .orderBy(desc(orders.id))
      .limit(1);
    expect(latest?.status).toBe('failed');
  });

  it('captures after approval and settles once; another return captures nothing more', async () => {
    const { orderID, paypalOrderId } = await paypalOrder();
    // Not approved yet: nothing to capture.
    expect((await h.transactionApi({ orderID, token: paypalOrderId })).json().data.status).toBe(
      'pending',
    );
    h.paypal.approve(paypalOrderId);
    const returned = (await h.transactionApi({ orderID, token: paypalOrderId })).json().data;
    const captureId = h.paypal.orders.get(paypalOrderId)!.captures[0]!.id;
    expect(returned).toMatchObject({ status: 'paid', transactionID: captureId });
    expect(returned.receiptToken).toMatch(/^[\w-]{43}$/);
    expect((await h.transactionApi({ orderID, token: paypalOrderId })).json().data.status).toBe(
      'paid',
    );
    expect(capturesOf(paypalOrderId)).toHaveLength(1);
    expect(await h.settlementOf(orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });
  });

  it('keeps the order pending and queues a retry while the capture fails or is slow; the retry settles once', async () => {
    const down = await paypalOrder();
    h.paypal.approve(down.paypalOrderId);
    h.paypal.answerNext('POST', `/v2/checkout/orders/${down.paypalOrderId}/capture`, {
      status: 503,
      body: {},
    });
    const answer = await h.transactionApi({ orderID: down.orderID, token: down.paypalOrderId });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.status).toBe('pending');
    const [job] = await h.jobsOf('payment-confirmation', down.orderID);
    expect(job?.data.hint).toMatchObject({ token: down.paypalOrderId });
    // The payment-confirmation worker asks again, and PayPal answers this time.
    await h.waitForStatus(down.orderID, 'paid');
    expect(await h.settlementOf(down.orderID)).toMatchObject(paidOnce);

    const slow = await paypalOrder();
    h.paypal.approve(slow.paypalOrderId);
    await h.withShortDeadline(async () => {
      h.paypal.answerNext('POST', `/v2/checkout/orders/${slow.paypalOrderId}/capture`, {
        status: 500,
        body: {},
        delayMs: SLOW_ANSWER_MS,
      });
      const late = await h.transactionApi({ orderID: slow.orderID, token: slow.paypalOrderId });
      expect(late.json().data.status).toBe('pending');
    });
    expect(await h.jobsOf('payment-confirmation', slow.orderID)).toHaveLength(1);
    await h.waitForStatus(slow.orderID, 'paid');
    expect(await h.settlementOf(slow.orderID)).toMatchObject(paidOnce);
  });

  it('only cancels on a return by the cancel address', async () => {
    const { orderID, paypalOrderId } = await paypalOrder();
    const answer = await h.transactionApi({ orderID, token: paypalOrderId, status: 'cancelled' });
    expect(answer.json().data).toMatchObject({ status: 'cancelled', receiptToken: null });
    expect(capturesOf(paypalOrderId)).toHaveLength(0);
    expect(await h.settlementOf(orderID)).toEqual(cancelledOnly);
  });
});

describe('PayPal webhook', () => {
  it('refuses events that fail PayPal’s verification', async () => {
    const { orderID, paypalOrderId } = await paypalOrder();
    h.paypal.approve(paypalOrderId);
    const approved = h.paypal.orderApprovedEvent(paypalOrderId);

    const forged = await webhook(approved, (signed) => {
      signed.headers['paypal-transmission-sig'] = Buffer.from('forged').toString('base64');
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toEqual({ verdict: 'rejected' });
    const altered = await webhook(approved, (signed) => {
      // Not the event PayPal signed.
      signed.body = signed.body.replace('"APPROVED"', '"COMPLETED"');
    });
    expect(altered.json().data).toEqual({ verdict: 'rejected' });
    expect(capturesOf(paypalOrderId)).toHaveLength(0);
    expect(await h.settlementOf(orderID)).toEqual({
      ...untouched,
      events: [
        'rejected: paypal webhook: the signature did not verify',
        'rejected: paypal webhook: the signature did not verify',
      ],
    });
  });

  it('settles from verified events once, whatever comes after', async () => {
    const { orderID, paypalOrderId } = await paypalOrder();
    h.paypal.approve(paypalOrderId);
    // The approval event: the server captures, and the capture settles the order.
    expect((await webhook(h.paypal.orderApprovedEvent(paypalOrderId))).json().data).toEqual({
      verdict: 'paid',
    });
    const completed = h.paypal.captureEvent(paypalOrderId, 'PAYMENT.CAPTURE.COMPLETED');
    expect((await webhook(completed)).json().data).toEqual({ verdict: 'paid' });
    expect((await webhook(completed)).json().data).toEqual({ verdict: 'paid' });
    // A denial arriving late does not undo the capture.
    const denied = h.paypal.captureEvent(paypalOrderId, 'PAYMENT.CAPTURE.DENIED');
    expect((await webhook(denied)).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['paid', 'paid', 'paid', 'failed'],
    });
    expect(capturesOf(paypalOrderId)).toHaveLength(1);
    const status = await h.orderStatus(orderID);
    expect(status.transactionID).toBe(h.paypal.orders.get(paypalOrderId)!.captures[0]!.id);
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);
  });
});
