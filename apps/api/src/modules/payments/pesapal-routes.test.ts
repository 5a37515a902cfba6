import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PESAPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import {
  NAIROBI,
  paidOnce,
  SLOW_ANSWER_MS,
  startGatewayHarness,
  untouched,
  type GatewayHarness,
} from '../../../test/support/gateway-harness';
import { MAIN_ORIGIN } from '../../../test/support/test-app';

/**
 * PesaPal through the app's routes: CreateOrder then submitOrderRequest (the order at the fake
 * Pesapal, with the IPN URL it registered), IPNs at /api/payments/pesapal/ipn confirmed by
 * GetTransactionStatus, the return through transactionApi, and a status query that is down or slow.
 */

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness();
});
afterAll(() => h?.close());

async function pesapalOrder() {
  const { response, order } = await h.createdOrder(PESAPAL_GATEWAY, NAIROBI);
  const submitted = await h.as('/api/virtualMachine/submitOrderRequest', {
    orderID: order.orderID,
    // The spec's payload names a callback; the server uses its own return address.
    callback_url: 'https://attacker.example/steal',
    bankReference: 'VM Purchase',
    method: 'newOrRenewVM',
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const data = submitted.json().data as {
    redirect_url: string;
    order_tracking_id: string;
    merchant_reference: string;
  };
  return {
    response,
    submitted,
    order,
    data,
    orderID: order.orderID,
    trackingId: data.order_tracking_id,
  };
}

const ipn = (query: Record<string, string>) =>
  h.app.inject({
    method: 'GET',
    url: `/api/payments/pesapal/ipn?${new URLSearchParams(query)}`,
    remoteAddress: '198.51.100.40',
  });

describe('PesaPal checkout', () => {
  it('answers no redirect from CreateOrder; submitOrderRequest answers Pesapal’s, with our own addresses', async () => {
    const { response, submitted, order, data, trackingId } = await pesapalOrder();
    expect(order).toMatchObject({
      currencyCode: 'KES',
      amount: h.quoteOf(NAIROBI),
      redirect_url: null,
      form: null,
    });
    expect(data).toEqual({
      redirect_url: `${h.pesapal.baseUrl}/iframe/PesapalIframe3/Index?OrderTrackingId=${trackingId}`,
      order_tracking_id: trackingId,
      merchant_reference: order.orderID,
    });
    const back = `${MAIN_ORIGIN}/transaction-status-pesapal/${order.orderID}/1`;
    const atPesapal = h.pesapal.orders.get(trackingId)!;
    expect(atPesapal).toMatchObject({
      merchantReference: order.orderID,
      currency: 'KES',
      amount: Number(h.quoteOf(NAIROBI)),
      callbackUrl: back,
      cancellationUrl: `${back}?status=cancelled`,
    });
    const registered = h.pesapal.ipns.find((entry) => entry.ipnId === atPesapal.notificationId);
    expect(registered).toMatchObject({
      url: `${MAIN_ORIGIN}/api/payments/pesapal/ipn`,
      type: 'GET',
    });
    h.expectNoSecret(response.body);
    h.expectNoSecret(submitted.body);
  });
});

describe('submitPesaPalUpdateRequest (vm-lifecycle.md §7)', () => {
  it('is submitOrderRequest under the spec’s other name: the same redirect for the same order', async () => {
    const { order } = await h.createdOrder(PESAPAL_GATEWAY, NAIROBI);
    const submitted = await h.as('/api/virtualMachine/submitPesaPalUpdateRequest', {
      callback_url: 'https://attacker.example/steal',
      orderID: order.orderID,
      bankReference: 'VM Update',
      method: 'updateVM',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const data = submitted.json().data as { redirect_url: string; order_tracking_id: string };
    expect(data.redirect_url).toContain(`OrderTrackingId=${data.order_tracking_id}`);
    expect(h.pesapal.orders.get(data.order_tracking_id)).toMatchObject({
      merchantReference: order.orderID,
      callbackUrl: `${MAIN_ORIGIN}/transaction-status-pesapal/${order.orderID}/1`,
    });
    h.expectNoSecret(submitted.body);
  });
});

describe('PesaPal IPN', () => {
  it('settles on an IPN the status query confirms, once; replays and a later reversal change nothing', async () => {
    const { orderID, trackingId } = await pesapalOrder();
    // Nobody has paid yet: Pesapal says pending, and so does the order.
    const early = await ipn(h.pesapal.ipnQuery(trackingId));
    expect(early.json()).toMatchObject({ status: 200, orderTrackingId: trackingId });
    expect((await h.orderRow(orderID)).status).toBe('pending');

    h.pesapal.setPaymentState(trackingId, 'completed');
    const answer = await ipn(h.pesapal.ipnQuery(trackingId));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: trackingId,
      orderMerchantReference: orderID,
      status: 200,
    });
    const status = await h.orderStatus(orderID);
    expect(status).toMatchObject({
      status: 'paid',
      transactionID: h.pesapal.orders.get(trackingId)!.confirmationCode,
    });
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);

    await ipn(h.pesapal.ipnQuery(trackingId));
    h.pesapal.setPaymentState(trackingId, 'reversed');
    await ipn(h.pesapal.ipnQuery(trackingId));
    expect(await h.settlementOf(orderID)).toMatchObject({
      ...paidOnce,
      events: ['pending', 'paid', 'paid', 'failed'],
    });
  });

  it('rejects an IPN naming another order’s tracking id, and a payment of the wrong amount', async () => {
    const { orderID, trackingId } = await pesapalOrder();
    const other = await pesapalOrder();
    h.pesapal.setPaymentState(other.trackingId, 'completed');
    const crossed = await ipn({
      ...h.pesapal.ipnQuery(trackingId),
      OrderTrackingId: other.trackingId,
    });
    expect(crossed.statusCode).toBe(200);

    h.pesapal.setPaymentState(trackingId, 'completed', { amount: 1, currency: 'KES' });
    expect((await ipn(h.pesapal.ipnQuery(trackingId))).statusCode).toBe(200);
    expect(await h.settlementOf(orderID)).toEqual({
      ...untouched,
      events: [
        'rejected: pesapal ipn: the tracking id is not the order’s',
        'rejected: amount differs from the order',
      ],
    });
    expect(await h.settlementOf(other.orderID)).toMatchObject(untouched);
  });

  it('asks Pesapal to notify again while its status query is down or slow; a return then queues a retry that settles', async () => {
    const { orderID, trackingId } = await pesapalOrder();
    h.pesapal.setPaymentState(trackingId, 'completed');

    h.pesapal.answerNext('GET', '/api/Transactions/GetTransactionStatus', { status: 503 });
    const down = await ipn(h.pesapal.ipnQuery(trackingId));
    // Pesapal reads the retry request from the answer's status field.
    expect(down.json()).toMatchObject({ orderTrackingId: trackingId, status: 500 });
    await h.withShortDeadline(async () => {
      h.pesapal.answerNext('GET', '/api/Transactions/GetTransactionStatus', {
        status: 500,
        delayMs: SLOW_ANSWER_MS,
      });
      expect((await ipn(h.pesapal.ipnQuery(trackingId))).json()).toMatchObject({ status: 500 });
    });
    expect(await h.settlementOf(orderID)).toEqual({ ...untouched, events: [] });

    h.pesapal.answerNext('GET', '/api/Transactions/GetTransactionStatus', { status: 503 });
    const returned = await h.transactionApi({
      OrderTrackingId: trackingId,
      OrderMerchantReference: orderID,
    });
    expect(returned.json().data.status).toBe('pending');
    const [job] = await h.jobsOf('payment-confirmation', orderID);
    expect(job?.data.hint).toMatchObject({ OrderTrackingId: trackingId });
    await h.waitForStatus(orderID, 'paid');
    expect(await h.settlementOf(orderID)).toMatchObject(paidOnce);
  });
});

describe('PesaPal return', () => {
  it('settles by the status query, and the cancellation address only cancels', async () => {
    const paid = await pesapalOrder();
    h.pesapal.setPaymentState(paid.trackingId, 'completed');
    const returned = await h.transactionApi({
      OrderTrackingId: paid.trackingId,
      OrderMerchantReference: paid.orderID,
    });
    expect(returned.json().data).toMatchObject({ orderID: paid.orderID, status: 'paid' });
    expect(await h.settlementOf(paid.orderID)).toMatchObject({ ...paidOnce, events: ['paid'] });

    const cancelling = await pesapalOrder();
    const cancelled = await h.transactionApi({
      orderID: cancelling.orderID,
      OrderTrackingId: cancelling.trackingId,
      status: 'cancelled',
    });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', receiptToken: null });
    // The customer paid after all, in another tab: the IPN still settles the order.
    h.pesapal.setPaymentState(cancelling.trackingId, 'completed');
    await ipn(h.pesapal.ipnQuery(cancelling.trackingId));
    expect(await h.settlementOf(cancelling.orderID)).toMatchObject({
      ...paidOnce,
      events: ['cancelled', 'paid'],
    });
  });
});
