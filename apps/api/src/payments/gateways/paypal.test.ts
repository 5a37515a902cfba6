import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { startFakePaypal, type FakePaypal, type SignedWebhook } from '../../../test/vendors/paypal';
import { AppError } from '../../errors';
import {
  GatewayUnavailable,
  type GatewaySettings,
  type GatewayUrls,
  type InboundEvent,
  type OrderForGateway,
} from '../gateway';
import { createGatewayHttp } from '../gateway-http';
import { paypalGateway } from './paypal';

let fake: FakePaypal;
let settings: GatewaySettings;
const http = createGatewayHttp(2_000);

beforeEach(async () => {
  fake = await startFakePaypal();
  settings = {
    isTest: true,
    baseUrl: fake.baseUrl,
    credentials: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    settings: { webhookId: fake.webhookId },
  };
});

afterEach(async () => {
  vi.useRealTimers();
  await fake.stop();
});

function newOrder(overrides: Partial<OrderForGateway> = {}): OrderForGateway {
  return {
    reference: `ORD-${randomBytes(5).toString('hex')}`,
    kind: 1,
    description: 'Ubuntu 24.04 VM, 4 GB',
    amountMinor: 1234,
    currency: 'USD',
    customer: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.com',
      phone: '+27821234567',
      countryCode: 'ZA',
    },
    gatewayOrderId: null,
    isOpen: true,
    ...overrides,
  };
}

function urlsFor(order: OrderForGateway): GatewayUrls {
  const returnUrl = `https://portal.example/transaction-status-paypal/${order.reference}/1`;
  return {
    returnUrl,
    cancelUrl: `${returnUrl}?status=cancelled`,
    errorUrl: `${returnUrl}?status=cancelled`,
    notifyUrl: 'https://portal.example/api/payments/paypal/webhook',
  };
}

/** An order created at the fake, with the id PayPal gave it. */
async function startedOrder(overrides: Partial<OrderForGateway> = {}): Promise<OrderForGateway> {
  const order = newOrder(overrides);
  const start = await paypalGateway.startPayment(order, urlsFor(order), settings, http);
  return { ...order, gatewayOrderId: start.gatewayOrderId ?? null };
}

function webhookEvent(signed: SignedWebhook, extra: Partial<InboundEvent> = {}): InboundEvent {
  return {
    fields: [],
    json: signed.json,
    query: {},
    headers: signed.headers,
    sourceAddress: '203.0.113.7',
    ...extra,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('paypal startPayment', () => {
  it('creates a CAPTURE order for the amount and sends the payer to PayPal', async () => {
    const order = newOrder();
    const start = await paypalGateway.startPayment(order, urlsFor(order), settings, http);

    expect(start.kind).toBe('redirect');
    const created = fake.orders.get(start.gatewayOrderId!);
    expect(created).toBeDefined();
    expect(start).toEqual({
      kind: 'redirect',
      url: `https://www.sandbox.paypal.com/checkoutnow?token=${created!.id}`,
      gatewayOrderId: created!.id,
    });

    const [request] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect(request!.headers['paypal-request-id']).toBe(order.reference);
    expect(request!.headers.authorization).toMatch(/^Bearer A21AA/);
    const money = { currency_code: 'USD', value: '12.34' };
    expect(request!.json).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.reference,
          custom_id: order.reference,
          invoice_id: order.reference,
          description: order.description,
          amount: { ...money, breakdown: { item_total: money } },
          items: [
            {
              name: order.description,
              quantity: '1',
              unit_amount: money,
              category: 'DIGITAL_GOODS',
            },
          ],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: urlsFor(order).returnUrl,
            cancel_url: urlsFor(order).cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
  });

  it('answers the same PayPal order when the same reference is started twice', async () => {
    const order = newOrder();
    const first = await paypalGateway.startPayment(order, urlsFor(order), settings, http);
    const second = await paypalGateway.startPayment(order, urlsFor(order), settings, http);

    expect(second.gatewayOrderId).toBe(first.gatewayOrderId);
    expect(fake.orders.size).toBe(1);
    const requestIds = fake
      .requestsTo('POST', '/v2/checkout/orders')
      .map((request) => request.headers['paypal-request-id']);
    expect(requestIds).toEqual([order.reference, order.reference]);
  });

  it('clips long names to PayPal’s 127 characters and sends the brand name when set', async () => {
    const order = newOrder({ description: 'x'.repeat(300) });
    await paypalGateway.startPayment(
      order,
      urlsFor(order),
      { ...settings, settings: { ...settings.settings, brandName: 'Cloud Portal' } },
      http,
    );
    const body = fake.requestsTo('POST', '/v2/checkout/orders')[0]!.json as {
      purchase_units: { description: string; items: { name: string }[] }[];
      payment_source: { paypal: { experience_context: { brand_name: string } } };
    };
    expect(body.purchase_units[0]!.description).toHaveLength(127);
    expect(body.purchase_units[0]!.items[0]!.name).toHaveLength(127);
    expect(body.payment_source.paypal.experience_context.brand_name).toBe('Cloud Portal');
  });

  it('refuses with the PayPal message when the answer is not CREATED', async () => {
    const order = newOrder();
    fake.answerNext('POST', '/v2/checkout/orders', {
      status: 201,
      body: { id: 'ABC', status: 'APPROVED', links: [] },
    });
    const error = await rejection(
      paypalGateway.startPayment(order, urlsFor(order), settings, http),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, message: orderMessages.paypalNotCreated });
  });

  it('refuses with the PayPal message when PayPal rejects the order', async () => {
    const order = newOrder();
    fake.answerNext('POST', '/v2/checkout/orders', {
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }] },
    });
    const error = await rejection(
      paypalGateway.startPayment(order, urlsFor(order), settings, http),
    );
    expect(error).toMatchObject({ status: 502, message: orderMessages.paypalNotCreated });
  });

  it('refuses with the PayPal message when the client credentials are wrong', async () => {
    const order = newOrder();
    const wrong = { ...settings, credentials: { clientId: fake.clientId, clientSecret: 'nope' } };
    const error = await rejection(paypalGateway.startPayment(order, urlsFor(order), wrong, http));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, message: orderMessages.paypalNotCreated });
    expect(fake.requestsTo('POST', '/v2/checkout/orders')).toHaveLength(0);
  });

  it('reports PayPal down, cut off or slow as GatewayUnavailable', async () => {
    const order = newOrder();
    fake.answerNext('POST', '/v2/checkout/orders', {
      status: 503,
      body: { name: 'SERVICE_UNAVAILABLE' },
    });
    expect(
      await rejection(paypalGateway.startPayment(order, urlsFor(order), settings, http)),
    ).toBeInstanceOf(GatewayUnavailable);

    fake.answerNext('POST', '/v2/checkout/orders', 'drop');
    expect(
      await rejection(paypalGateway.startPayment(order, urlsFor(order), settings, http)),
    ).toBeInstanceOf(GatewayUnavailable);

    fake.setDelay(1_000);
    const impatient = createGatewayHttp(150);
    expect(
      await rejection(paypalGateway.startPayment(newOrder(), urlsFor(order), settings, impatient)),
    ).toBeInstanceOf(GatewayUnavailable);
  });

  it('reports a stopped PayPal as GatewayUnavailable', async () => {
    const order = newOrder();
    await fake.stop();
    const error = await rejection(
      paypalGateway.startPayment(order, urlsFor(order), settings, http),
    );
    expect(error).toBeInstanceOf(GatewayUnavailable);
    fake = await startFakePaypal();
  });
});

describe('paypal access token', () => {
  it('asks for one token for many calls, concurrent ones included', async () => {
    const [order] = await Promise.all([startedOrder(), startedOrder(), startedOrder()]);
    await paypalGateway.queryStatus(order!, settings, http, {});
    await startedOrder();

    expect(fake.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(1);
    const [tokenRequest] = fake.requestsTo('POST', '/v1/oauth2/token');
    expect(tokenRequest!.body).toBe('grant_type=client_credentials');
    expect(tokenRequest!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('asks for a new token shortly before the old one expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    fake.setTokenLifetime(3_600);
    const order = await startedOrder();
    vi.setSystemTime(Date.now() + 3_600_000 - 90_000);
    await paypalGateway.queryStatus(order, settings, http, {});
    expect(fake.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(1);

    vi.setSystemTime(Date.now() + 45_000);
    await paypalGateway.queryStatus(order, settings, http, {});
    expect(fake.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(2);
  });

  it('renews a token PayPal no longer accepts and repeats the call once', async () => {
    const order = await startedOrder();
    fake.revokeTokens();
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toEqual({
      status: 'pending',
    });
    expect(fake.requestsTo('POST', '/v1/oauth2/token')).toHaveLength(2);
    const lookups = fake.requestsTo('GET', /^\/v2\/checkout\/orders\//);
    expect(lookups.map((request) => request.headers.authorization)).toHaveLength(2);
    expect(lookups[0]!.headers.authorization).not.toBe(lookups[1]!.headers.authorization);
  });
});

describe('paypal queryStatus', () => {
  it('captures an approved order and is paid by the completed capture', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);

    const verdict = await paypalGateway.queryStatus(order, settings, http, {});
    const capture = fake.orders.get(order.gatewayOrderId!)!.captures[0]!;
    expect(verdict).toEqual({
      status: 'paid',
      amountMinor: 1234,
      currency: 'USD',
      gatewayTransactionId: capture.id,
    });
    const [captureRequest] = fake.requestsTo('POST', /\/capture$/);
    expect(captureRequest!.path).toBe(`/v2/checkout/orders/${order.gatewayOrderId}/capture`);
    expect(captureRequest!.headers['paypal-request-id']).toBe(`${order.reference}-capture`);

    // Asked again, the completed order answers from its capture without a second capture.
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toEqual(verdict);
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });

  it('finds the PayPal order by the return’s token when the id was not kept', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    const verdict = await paypalGateway.queryStatus(
      { ...order, gatewayOrderId: null },
      settings,
      http,
      { token: order.gatewayOrderId!, PayerID: 'PAYER1' },
    );
    expect(verdict.status).toBe('paid');
  });

  it('does not believe a return token that names another reference’s PayPal order', async () => {
    const other = await startedOrder();
    fake.approve(other.gatewayOrderId!);
    const mine = newOrder();
    await expect(
      paypalGateway.queryStatus(mine, settings, http, { token: other.gatewayOrderId! }),
    ).resolves.toEqual({ status: 'pending' });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('is pending while the payer has not approved, cancelled when the payer cancelled', async () => {
    const order = await startedOrder();
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toEqual({
      status: 'pending',
    });
    await expect(
      paypalGateway.queryStatus(order, settings, http, { status: 'cancelled' }),
    ).resolves.toEqual({ status: 'cancelled', message: orderMessages.paymentCancelled });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('fails when the capture is declined', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.setCaptureOutcome('DECLINED');
    const verdict = await paypalGateway.queryStatus(order, settings, http, {});
    expect(verdict).toMatchObject({ status: 'failed', message: orderMessages.gatewayFailure });
  });

  it('fails when PayPal refuses the payer’s instrument at capture', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.setCaptureOutcome('INSTRUMENT_DECLINED');
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('stays pending while the capture is pending', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.setCaptureOutcome('PENDING');
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toEqual({
      status: 'pending',
    });
  });

  it('reads the order again when PayPal says it was already captured', async () => {
    const order = await startedOrder();
    const paypalOrder = fake.orders.get(order.gatewayOrderId!)!;
    // Another process captured it between our lookup (which still saw it approved) and ours.
    paypalOrder.captures.push({
      id: 'CAPTUREDELSEWHERE',
      status: 'COMPLETED',
      amount: paypalOrder.amount,
    });
    paypalOrder.status = 'COMPLETED';
    fake.answerNext('GET', `/v2/checkout/orders/${order.gatewayOrderId}`, {
      status: 200,
      body: {
        id: order.gatewayOrderId,
        status: 'APPROVED',
        purchase_units: [{ custom_id: order.reference }],
      },
    });

    const verdict = await paypalGateway.queryStatus(order, settings, http, {});
    expect(verdict).toEqual({
      status: 'paid',
      amountMinor: 1234,
      currency: 'USD',
      gatewayTransactionId: 'CAPTUREDELSEWHERE',
    });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(1);
    expect(fake.requestsTo('GET', `/v2/checkout/orders/${order.gatewayOrderId}`)).toHaveLength(2);
  });

  it('never captures an approved PayPal order for an order we have closed', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    const verdict = await paypalGateway.queryStatus(
      { ...order, isOpen: false },
      settings,
      http,
      {},
    );
    expect(verdict).toEqual({ status: 'pending' });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('is cancelled when PayPal voided the order', async () => {
    const order = await startedOrder();
    fake.orders.get(order.gatewayOrderId!)!.status = 'VOIDED';
    await expect(paypalGateway.queryStatus(order, settings, http, {})).resolves.toMatchObject({
      status: 'cancelled',
    });
  });

  it('reports PayPal down or slow as GatewayUnavailable', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.answerNext('POST', /\/capture$/, { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } });
    expect(await rejection(paypalGateway.queryStatus(order, settings, http, {}))).toBeInstanceOf(
      GatewayUnavailable,
    );

    fake.setDelay(1_000);
    expect(
      await rejection(paypalGateway.queryStatus(order, settings, createGatewayHttp(150), {})),
    ).toBeInstanceOf(GatewayUnavailable);
  });
});

describe('paypal webhooks', () => {
  it('reads the reference of capture and order events', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    const approved = fake.signWebhook(fake.orderApprovedEvent(order.gatewayOrderId!));
    expect(paypalGateway.referenceOf(webhookEvent(approved))).toBe(order.reference);

    await paypalGateway.queryStatus(order, settings, http, {});
    const completed = fake.signWebhook(
      fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.COMPLETED'),
    );
    expect(paypalGateway.referenceOf(webhookEvent(completed))).toBe(order.reference);

    expect(
      paypalGateway.referenceOf({
        fields: [],
        json: 'x',
        query: {},
        headers: {},
        sourceAddress: '',
      }),
    ).toBeNull();
  });

  it('believes a completed capture only after PayPal verifies the signature', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    await paypalGateway.queryStatus(order, settings, http, {});
    const capture = fake.orders.get(order.gatewayOrderId!)!.captures[0]!;
    const signed = fake.signWebhook(
      fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.COMPLETED'),
    );

    const verdict = await paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http);
    expect(verdict).toEqual({
      status: 'paid',
      amountMinor: 1234,
      currency: 'USD',
      gatewayTransactionId: capture.id,
    });
    const [verification] = fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature');
    expect(verification!.json).toMatchObject({
      auth_algo: signed.headers['paypal-auth-algo'],
      cert_url: signed.headers['paypal-cert-url'],
      transmission_id: signed.headers['paypal-transmission-id'],
      transmission_sig: signed.headers['paypal-transmission-sig'],
      transmission_time: signed.headers['paypal-transmission-time'],
      webhook_id: fake.webhookId,
      webhook_event: signed.json,
    });
  });

  it('sends the event text as received when the route kept it', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    await paypalGateway.queryStatus(order, settings, http, {});
    const signed = fake.signWebhook(
      fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.COMPLETED'),
    );
    const rawBody = JSON.stringify(signed.json, null, 1);
    const event = Object.assign(webhookEvent(signed), { rawBody });

    await expect(paypalGateway.verifyEvent(event, order, settings, http)).resolves.toMatchObject({
      status: 'paid',
    });
    const [verification] = fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature');
    expect(verification!.body.endsWith(`"webhook_event":${rawBody}}`)).toBe(true);
  });

  it('rejects an event PayPal does not verify', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    await paypalGateway.queryStatus(order, settings, http, {});
    const signed = fake.signWebhook(
      fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.COMPLETED'),
    );
    const forged = structuredClone(signed.json) as { resource: { amount: { value: string } } };
    forged.resource.amount.value = '0.01';

    const verdict = await paypalGateway.verifyEvent(
      webhookEvent(signed, { json: forged }),
      order,
      settings,
      http,
    );
    expect(verdict).toEqual({ rejected: expect.stringContaining('did not verify') });
  });

  it('rejects an event without the transmission headers or without a configured webhook id', async () => {
    const order = await startedOrder();
    const signed = fake.signWebhook(fake.orderApprovedEvent(order.gatewayOrderId!));
    const headers = { ...signed.headers };
    delete headers['paypal-transmission-sig'];

    await expect(
      paypalGateway.verifyEvent(webhookEvent(signed, { headers }), order, settings, http),
    ).resolves.toEqual({ rejected: expect.stringContaining('paypal-transmission-sig') });
    await expect(
      paypalGateway.verifyEvent(webhookEvent(signed), order, { ...settings, settings: {} }, http),
    ).resolves.toEqual({ rejected: expect.stringContaining('webhook id') });
    expect(fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature')).toHaveLength(0);
  });

  it('captures on a verified CHECKOUT.ORDER.APPROVED and answers the capture', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    const signed = fake.signWebhook(fake.orderApprovedEvent(order.gatewayOrderId!));

    const verdict = await paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http);
    expect(verdict).toMatchObject({ status: 'paid', amountMinor: 1234, currency: 'USD' });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(1);
  });

  it('rejects a verified event about another PayPal order or another reference', async () => {
    const order = await startedOrder();
    const other = await startedOrder();
    fake.approve(other.gatewayOrderId!);
    const signed = fake.signWebhook(fake.orderApprovedEvent(other.gatewayOrderId!));

    await expect(
      paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http),
    ).resolves.toEqual({ rejected: expect.any(String) });
    await expect(
      paypalGateway.verifyEvent(
        webhookEvent(signed),
        { ...other, gatewayOrderId: 'SOMETHINGELSE' },
        settings,
        http,
      ),
    ).resolves.toEqual({ rejected: expect.stringContaining('another PayPal order') });
    expect(fake.requestsTo('POST', /\/capture$/)).toHaveLength(0);
  });

  it('fails on a verified PAYMENT.CAPTURE.DENIED', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.setCaptureOutcome('PENDING');
    await paypalGateway.queryStatus(order, settings, http, {});
    const signed = fake.signWebhook(
      fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.DENIED'),
    );
    await expect(
      paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http),
    ).resolves.toMatchObject({ status: 'failed', message: orderMessages.gatewayFailure });
  });

  it('is pending on other verified event types', async () => {
    const order = await startedOrder();
    fake.approve(order.gatewayOrderId!);
    fake.setCaptureOutcome('PENDING');
    await paypalGateway.queryStatus(order, settings, http, {});
    const event = fake.captureEvent(order.gatewayOrderId!, 'PAYMENT.CAPTURE.COMPLETED');
    const signed = fake.signWebhook({ ...event, event_type: 'PAYMENT.CAPTURE.PENDING' });
    await expect(
      paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http),
    ).resolves.toEqual({ status: 'pending' });
  });

  it('reports a verification service that is down as GatewayUnavailable', async () => {
    const order = await startedOrder();
    const signed = fake.signWebhook(fake.orderApprovedEvent(order.gatewayOrderId!));
    fake.answerNext('POST', '/v1/notifications/verify-webhook-signature', { status: 503 });
    expect(
      await rejection(paypalGateway.verifyEvent(webhookEvent(signed), order, settings, http)),
    ).toBeInstanceOf(GatewayUnavailable);
  });
});
