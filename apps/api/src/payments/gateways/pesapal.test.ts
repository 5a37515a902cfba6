import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { startFakePesapal, type FakePesapal } from '../../../test/vendors/pesapal';
import { AppError } from '../../errors';
import {
  GatewayUnavailable,
  type GatewaySettings,
  type GatewayUrls,
  type InboundEvent,
  type OrderForGateway,
} from '../gateway';
import { createGatewayHttp } from '../gateway-http';
import { pesapalGateway, pesapalIpnAnswer } from './pesapal';

let fake: FakePesapal;
let settings: GatewaySettings;
const http = createGatewayHttp(2_000);
const NOTIFY_URL = 'https://portal.example/api/payments/pesapal/ipn';

beforeEach(async () => {
  fake = await startFakePesapal();
  settings = {
    isTest: true,
    baseUrl: fake.baseUrl,
    credentials: { consumer_key: fake.consumerKey, consumer_secret: fake.consumerSecret },
    settings: {},
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
    description: 'Windows Server VM, 8 GB',
    amountMinor: 150_050,
    currency: 'KES',
    customer: {
      firstName: 'Amani',
      lastName: 'Otieno',
      email: 'amani@example.com',
      phone: '+254712345678',
      countryCode: 'KE',
    },
    gatewayOrderId: null,
    isOpen: true,
    ...overrides,
  };
}

function urlsFor(order: OrderForGateway): GatewayUrls {
  const returnUrl = `https://portal.example/transaction-status-pesapal/${order.reference}/1`;
  return {
    returnUrl,
    cancelUrl: `${returnUrl}?status=cancelled`,
    errorUrl: `${returnUrl}?status=cancelled`,
    notifyUrl: NOTIFY_URL,
  };
}

async function startedOrder(overrides: Partial<OrderForGateway> = {}): Promise<OrderForGateway> {
  const order = newOrder(overrides);
  const start = await pesapalGateway.startPayment(order, urlsFor(order), settings, http);
  return { ...order, gatewayOrderId: start.gatewayOrderId ?? null };
}

function ipn(query: Record<string, string>, extra: Partial<InboundEvent> = {}): InboundEvent {
  return { fields: [], json: null, query, headers: {}, sourceAddress: '203.0.113.9', ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('pesapal startPayment', () => {
  it('registers the IPN URL once and submits the order', async () => {
    const order = newOrder();
    const start = await pesapalGateway.startPayment(order, urlsFor(order), settings, http);

    const submitted = fake.orders.get(start.gatewayOrderId!);
    expect(submitted).toBeDefined();
    expect(start).toEqual({
      kind: 'redirect',
      url: `${fake.baseUrl}/iframe/PesapalIframe3/Index?OrderTrackingId=${submitted!.trackingId}`,
      gatewayOrderId: submitted!.trackingId,
    });
    expect(fake.ipns).toEqual([{ ipnId: expect.any(String), url: NOTIFY_URL, type: 'GET' }]);
    const [submit] = fake.requestsTo('POST', '/api/Transactions/SubmitOrderRequest');
    expect(submit!.headers.authorization).toMatch(/^Bearer /);
    expect(submit!.json).toEqual({
      id: order.reference,
      currency: 'KES',
      amount: 1500.5,
      description: order.description,
      callback_url: urlsFor(order).returnUrl,
      cancellation_url: urlsFor(order).cancelUrl,
      notification_id: fake.ipns[0]!.ipnId,
      billing_address: {
        email_address: 'amani@example.com',
        phone_number: '+254712345678',
        country_code: 'KE',
        first_name: 'Amani',
        last_name: 'Otieno',
      },
    });

    await startedOrder();
    expect(fake.requestsTo('POST', '/api/URLSetup/RegisterIPN')).toHaveLength(1);
    expect(fake.requestsTo('POST', '/api/Auth/RequestToken')).toHaveLength(1);
    expect(fake.requestsTo('POST', '/api/Auth/RequestToken')[0]!.json).toEqual({
      consumer_key: fake.consumerKey,
      consumer_secret: fake.consumerSecret,
    });
  });

  it('uses the configured IPN id instead of registering one', async () => {
    fake.ipns.push({ ipnId: 'configured-ipn', url: NOTIFY_URL, type: 'GET' });
    const order = newOrder({
      description: 'd'.repeat(250),
      customer: { ...newOrder().customer, phone: null },
    });
    await pesapalGateway.startPayment(
      order,
      urlsFor(order),
      { ...settings, settings: { ipnId: 'configured-ipn' } },
      http,
    );
    expect(fake.requestsTo('POST', '/api/URLSetup/RegisterIPN')).toHaveLength(0);
    const body = fake.requestsTo('POST', '/api/Transactions/SubmitOrderRequest')[0]!.json as {
      notification_id: string;
      description: string;
      billing_address: { phone_number: string };
    };
    expect(body.notification_id).toBe('configured-ipn');
    expect(body.description).toHaveLength(100);
    expect(body.billing_address.phone_number).toBe('');
  });

  it('refuses with the unavailable message when Pesapal answers an error', async () => {
    fake.ipns.push({ ipnId: 'configured-ipn', url: NOTIFY_URL, type: 'GET' });
    const order = newOrder({ reference: 'R'.repeat(51) });
    const error = await rejection(
      pesapalGateway.startPayment(
        order,
        urlsFor(order),
        { ...settings, settings: { ipnId: 'configured-ipn' } },
        http,
      ),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, message: orderMessages.gatewayUnavailable });
  });

  it('refuses with the unavailable message when the consumer key is refused', async () => {
    const order = newOrder();
    const wrong = {
      ...settings,
      credentials: { ...settings.credentials, consumer_secret: 'nope' },
    };
    const error = await rejection(pesapalGateway.startPayment(order, urlsFor(order), wrong, http));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, message: orderMessages.gatewayUnavailable });
    expect(fake.requestsTo('POST', '/api/Transactions/SubmitOrderRequest')).toHaveLength(0);
  });

  it('reports Pesapal down, cut off or slow as GatewayUnavailable', async () => {
    const order = newOrder();
    fake.answerNext('POST', '/api/Transactions/SubmitOrderRequest', { status: 503 });
    expect(
      await rejection(pesapalGateway.startPayment(order, urlsFor(order), settings, http)),
    ).toBeInstanceOf(GatewayUnavailable);

    fake.answerNext('POST', '/api/Auth/RequestToken', 'drop');
    expect(
      await rejection(
        pesapalGateway.startPayment(
          order,
          urlsFor(order),
          { ...settings, baseUrl: `${fake.baseUrl}/` },
          http,
        ),
      ),
    ).toBeInstanceOf(GatewayUnavailable);

    fake.setDelay(1_000);
    expect(
      await rejection(
        pesapalGateway.startPayment(order, urlsFor(order), settings, createGatewayHttp(150)),
      ),
    ).toBeInstanceOf(GatewayUnavailable);
  });
});

describe('pesapal token', () => {
  it('asks for one token for many calls and a new one before five minutes are up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [order] = (await Promise.all([startedOrder(), startedOrder()])) as [
      OrderForGateway,
      OrderForGateway,
    ];
    expect(fake.requestsTo('POST', '/api/URLSetup/RegisterIPN')).toHaveLength(1);
    await Promise.all([
      pesapalGateway.queryStatus(order, settings, http, {}),
      pesapalGateway.queryStatus(order, settings, http, {}),
    ]);
    await pesapalGateway.verifyEvent(
      ipn(fake.ipnQuery(order.gatewayOrderId!)),
      order,
      settings,
      http,
    );
    expect(fake.requestsTo('POST', '/api/Auth/RequestToken')).toHaveLength(1);

    vi.setSystemTime(Date.now() + 4 * 60_000 + 40_000);
    await pesapalGateway.queryStatus(order, settings, http, {});
    expect(fake.requestsTo('POST', '/api/Auth/RequestToken')).toHaveLength(2);
  });

  it('renews a token Pesapal no longer accepts and repeats the call once', async () => {
    const order = await startedOrder();
    fake.revokeTokens();
    await expect(pesapalGateway.queryStatus(order, settings, http, {})).resolves.toEqual({
      status: 'pending',
    });
    expect(fake.requestsTo('POST', '/api/Auth/RequestToken')).toHaveLength(2);
    expect(fake.requestsTo('GET', '/api/Transactions/GetTransactionStatus')).toHaveLength(2);
  });
});

describe('pesapal IPN and status', () => {
  it('reads the reference from the query, form fields or a JSON body', () => {
    expect(pesapalGateway.referenceOf(ipn({ OrderMerchantReference: 'A1' }))).toBe('A1');
    expect(
      pesapalGateway.referenceOf(ipn({}, { fields: [['OrderMerchantReference', 'B2']] })),
    ).toBe('B2');
    expect(pesapalGateway.referenceOf(ipn({}, { json: { OrderMerchantReference: 'C3' } }))).toBe(
      'C3',
    );
    expect(pesapalGateway.referenceOf(ipn({}))).toBeNull();
  });

  it('is pending while nobody has paid (payment_details_not_found is not a failure)', async () => {
    const order = await startedOrder();
    await expect(
      pesapalGateway.verifyEvent(ipn(fake.ipnQuery(order.gatewayOrderId!)), order, settings, http),
    ).resolves.toEqual({ status: 'pending' });
    const [query] = fake.requestsTo('GET', '/api/Transactions/GetTransactionStatus');
    expect(query!.query).toEqual({ orderTrackingId: order.gatewayOrderId });
  });

  it('is paid, with amount, currency and confirmation code, once Pesapal says COMPLETED', async () => {
    const order = await startedOrder();
    fake.setPaymentState(order.gatewayOrderId!, 'completed');
    await expect(
      pesapalGateway.verifyEvent(ipn(fake.ipnQuery(order.gatewayOrderId!)), order, settings, http),
    ).resolves.toEqual({
      status: 'paid',
      amountMinor: 150_050,
      currency: 'KES',
      gatewayTransactionId: fake.orders.get(order.gatewayOrderId!)!.confirmationCode,
    });
  });

  it('passes on the amount Pesapal says was paid, for the core to compare', async () => {
    const order = await startedOrder();
    fake.setPaymentState(order.gatewayOrderId!, 'completed', { amount: 1, currency: 'KES' });
    await expect(
      pesapalGateway.verifyEvent(ipn(fake.ipnQuery(order.gatewayOrderId!)), order, settings, http),
    ).resolves.toMatchObject({ status: 'paid', amountMinor: 100, currency: 'KES' });
  });

  it('fails when Pesapal says FAILED or REVERSED, and stays pending on INVALID', async () => {
    const order = await startedOrder();
    const event = ipn(fake.ipnQuery(order.gatewayOrderId!));
    fake.setPaymentState(order.gatewayOrderId!, 'failed');
    await expect(pesapalGateway.verifyEvent(event, order, settings, http)).resolves.toMatchObject({
      status: 'failed',
      message: orderMessages.gatewayFailure,
    });
    fake.setPaymentState(order.gatewayOrderId!, 'reversed');
    await expect(pesapalGateway.verifyEvent(event, order, settings, http)).resolves.toMatchObject({
      status: 'failed',
    });
    fake.setPaymentState(order.gatewayOrderId!, 'invalid');
    await expect(pesapalGateway.verifyEvent(event, order, settings, http)).resolves.toEqual({
      status: 'pending',
    });
  });

  it('rejects an IPN whose transaction belongs to another reference', async () => {
    const other = await startedOrder();
    fake.setPaymentState(other.gatewayOrderId!, 'completed');
    const mine = newOrder();
    const event = ipn({
      ...fake.ipnQuery(other.gatewayOrderId!),
      OrderMerchantReference: mine.reference,
    });

    await expect(pesapalGateway.verifyEvent(event, mine, settings, http)).resolves.toEqual({
      rejected: expect.stringContaining('another order'),
    });
    await expect(
      pesapalGateway.queryStatus(mine, settings, http, { OrderTrackingId: other.gatewayOrderId! }),
    ).resolves.toEqual({
      status: 'pending',
    });
  });

  it('rejects an IPN naming another tracking id without asking Pesapal', async () => {
    const order = await startedOrder();
    const event = ipn({ ...fake.ipnQuery(order.gatewayOrderId!), OrderTrackingId: 'not-ours' });
    await expect(pesapalGateway.verifyEvent(event, order, settings, http)).resolves.toEqual({
      rejected: expect.stringContaining('tracking id'),
    });
    await expect(pesapalGateway.verifyEvent(ipn({}), order, settings, http)).resolves.toEqual({
      rejected: expect.stringContaining('OrderTrackingId'),
    });
    expect(fake.requestsTo('GET', '/api/Transactions/GetTransactionStatus')).toHaveLength(0);
  });

  it('rejects a tracking id Pesapal does not know', async () => {
    const order = newOrder();
    await expect(
      pesapalGateway.verifyEvent(
        ipn({ OrderTrackingId: 'unknown', OrderMerchantReference: order.reference }),
        order,
        settings,
        http,
      ),
    ).resolves.toEqual({ rejected: expect.stringContaining('invalid_order_tracking_id') });
  });

  it('queries by the return’s tracking id when the order has none, and honours a cancel', async () => {
    const order = await startedOrder();
    const unknownId = { ...order, gatewayOrderId: null };
    const hint = {
      OrderTrackingId: order.gatewayOrderId!,
      OrderMerchantReference: order.reference,
    };

    await expect(pesapalGateway.queryStatus(unknownId, settings, http, hint)).resolves.toEqual({
      status: 'pending',
    });
    await expect(
      pesapalGateway.queryStatus(unknownId, settings, http, { ...hint, status: 'cancelled' }),
    ).resolves.toEqual({ status: 'cancelled', message: orderMessages.paymentCancelled });
    await expect(pesapalGateway.queryStatus(unknownId, settings, http, {})).resolves.toEqual({
      status: 'pending',
    });

    fake.setPaymentState(order.gatewayOrderId!, 'completed');
    await expect(
      pesapalGateway.queryStatus(order, settings, http, { status: 'cancelled' }),
    ).resolves.toMatchObject({ status: 'paid' });
  });

  it('reports Pesapal down or slow as GatewayUnavailable', async () => {
    const order = await startedOrder();
    const event = ipn(fake.ipnQuery(order.gatewayOrderId!));
    fake.answerNext('GET', '/api/Transactions/GetTransactionStatus', {
      status: 502,
      body: '<html>',
    });
    expect(
      await rejection(pesapalGateway.verifyEvent(event, order, settings, http)),
    ).toBeInstanceOf(GatewayUnavailable);
    fake.setDelay(1_000);
    expect(
      await rejection(pesapalGateway.queryStatus(order, settings, createGatewayHttp(150), {})),
    ).toBeInstanceOf(GatewayUnavailable);
  });

  it('answers an IPN with the JSON Pesapal expects', () => {
    const event = ipn({
      OrderTrackingId: 'b945e4af-80a5-4ec1-8706-e03f8332fb04',
      OrderMerchantReference: 'ORD-1',
      OrderNotificationType: 'IPNCHANGE',
    });
    expect(pesapalIpnAnswer(event, 200)).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: 'b945e4af-80a5-4ec1-8706-e03f8332fb04',
      orderMerchantReference: 'ORD-1',
      status: 200,
    });
    expect(pesapalIpnAnswer(event, 500).status).toBe(500);
  });
});
