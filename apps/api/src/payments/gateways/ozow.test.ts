import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  signOzowResponse,
  startFakeOzow,
  type FakeOzow,
  type FakeOzowTransaction,
  type OzowResponseInput,
} from '../../../test/vendors/ozow';
import { AppError } from '../../errors';
import {
  GatewayUnavailable,
  type GatewaySettings,
  type InboundEvent,
  type OrderForGateway,
} from '../gateway';
import { createGatewayHttp } from '../gateway-http';
import { ozowGateway, ozowRequestHash } from './ozow';

const SITE = {
  siteCode: 'TSTSTE0001',
  privateKey: '215114531AFF7134A94C88CEEA48E',
  apiKey: 'EB5758F2C3B4DF3FF4F2669D5FF5B',
};

const http = createGatewayHttp(2_000);

const order: OrderForGateway = {
  reference: 'ORD-5H8M2P',
  kind: 1,
  description: 'Windows Server 2022 (4 GB)',
  amountMinor: 2_500,
  currency: 'ZAR',
  customer: {
    firstName: 'Sipho',
    lastName: 'Dlamini',
    email: 'sipho@example.com',
    phone: null,
    countryCode: 'ZA',
  },
  gatewayOrderId: null,
  isOpen: true,
};

const urls = {
  returnUrl: 'https://portal.example.com/transaction-status/1',
  cancelUrl: 'https://portal.example.com/transaction-status/1',
  errorUrl: 'https://portal.example.com/transaction-status/1',
  notifyUrl: 'https://portal.example.com/api/payments/ozow/notify',
};

function settingsFor(
  options: { baseUrl?: string; apiBaseUrl?: string; apiKey?: string; isTest?: boolean } = {},
): GatewaySettings {
  return {
    isTest: options.isTest ?? true,
    baseUrl: options.baseUrl ?? 'https://pay.ozow.com',
    credentials: {
      privateKey: SITE.privateKey,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    },
    settings: {
      siteCode: SITE.siteCode,
      ...(options.apiBaseUrl ? { apiBaseUrl: options.apiBaseUrl } : {}),
    },
  };
}

function result(overrides: Partial<OzowResponseInput> = {}, privateKey = SITE.privateKey) {
  return signOzowResponse(
    {
      siteCode: SITE.siteCode,
      transactionReference: order.reference,
      amount: '25.00',
      status: 'Complete',
      transactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
      isTest: true,
      ...overrides,
    },
    privateKey,
  );
}

const notifyEvent = (fields: Record<string, string>): InboundEvent => ({
  fields: Object.entries(fields),
  json: null,
  query: {},
  headers: {},
  sourceAddress: '127.0.0.1',
});

const verify = (fields: Record<string, string>, settings = settingsFor()) =>
  ozowGateway.verifyEvent(notifyEvent(fields), order, settings, http);

describe('Ozow HashCheck', () => {
  it('gives the documented test vector', () => {
    expect(
      ozowRequestHash(
        {
          SiteCode: 'TSTSTE0001',
          CountryCode: 'ZA',
          CurrencyCode: 'ZAR',
          Amount: '25.00',
          TransactionReference: '123',
          BankReference: 'ABC123',
          CancelUrl: 'http://demo.ozow.com/cancel.aspx',
          ErrorUrl: 'http://demo.ozow.com/error.aspx',
          SuccessUrl: 'http://demo.ozow.com/success.aspx',
          NotifyUrl: 'http://demo.ozow.com/notify.aspx',
          IsTest: 'false',
        },
        '215114531AFF7134A94C88CEEA48E',
      ),
    ).toBe(
      'eedcba106cd8fef3ba6cec5ec80de7d7d7fc90343028bf95b908718c671d0fe885ca08b206d788de009d237a93c18e66edf6ede3f5ca7057e23474106465dcc6',
    );
  });
});

describe('ozowGateway.startPayment', () => {
  let fake: FakeOzow;
  beforeAll(async () => {
    fake = await startFakeOzow(SITE);
  });
  afterAll(() => fake.stop());

  it('signs a form that Ozow accepts, fields in hash order', async () => {
    const start = await ozowGateway.startPayment(
      order,
      urls,
      settingsFor({ baseUrl: fake.baseUrl }),
      http,
    );
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(start.action).toBe(`${fake.baseUrl}/`);
    expect(start.fields).toEqual({
      SiteCode: SITE.siteCode,
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: '25.00',
      TransactionReference: order.reference,
      BankReference: 'VM Purchase',
      Customer: 'sipho@example.com',
      CancelUrl: urls.cancelUrl,
      ErrorUrl: urls.errorUrl,
      SuccessUrl: urls.returnUrl,
      NotifyUrl: urls.notifyUrl,
      IsTest: 'true',
      HashCheck: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
    expect(Object.keys(start.fields).at(-1)).toBe('HashCheck');

    const response = await fetch(start.action, {
      method: 'POST',
      body: new URLSearchParams(start.fields),
    });
    expect(response.status).toBe(200);
    expect(fake.requests.at(-1)?.fields.TransactionReference).toBe(order.reference);
  });

  it('says IsTest false for a live site, and Ozow refuses a changed amount', async () => {
    const start = await ozowGateway.startPayment(
      order,
      urls,
      settingsFor({ baseUrl: fake.baseUrl, isTest: false }),
      http,
    );
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(start.fields.IsTest).toBe('false');
    const response = await fetch(start.action, {
      method: 'POST',
      body: new URLSearchParams({ ...start.fields, Amount: '0.01' }),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a currency other than ZAR', async () => {
    const attempt = ozowGateway.startPayment(
      { ...order, currency: 'USD' },
      urls,
      settingsFor(),
      http,
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      status: 422,
      message: orderMessages.gatewayNotOffered,
    });
  });
});

describe('ozowGateway.verifyEvent', () => {
  it('reads a valid notification', async () => {
    expect(await verify(result())).toEqual({
      status: 'paid',
      amountMinor: 2_500,
      currency: 'ZAR',
      gatewayTransactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
      message: undefined,
    });
  });

  it('maps every Ozow status', async () => {
    const expectations = [
      ['Cancelled', 'cancelled'],
      ['Error', 'failed'],
      ['Abandoned', 'failed'],
      ['Pending', 'pending'],
      ['PendingInvestigation', 'pending'],
    ] as const;
    for (const [status, verdict] of expectations) {
      expect(await verify(result({ status }))).toMatchObject({ status: verdict });
    }
    expect(await verify(result({ status: 'Error' }))).toMatchObject({
      message: orderMessages.gatewayFailure,
    });
  });

  it('reads the amount with 2 decimals and a + as a space, as the spec does', async () => {
    const signed = result({ amount: '25.00', statusMessage: 'Payment completed by customer' });
    const asReturned = {
      ...signed,
      Amount: '25',
      StatusMessage: 'Payment+completed+by+customer',
    };
    expect(await verify(asReturned)).toMatchObject({ status: 'paid', amountMinor: 2_500 });
  });

  it('rejects a tampered or forged notification', async () => {
    expect(await verify({ ...result({ status: 'Error' }), Status: 'Complete' })).toEqual({
      rejected: 'hash mismatch',
    });
    expect(await verify({ ...result(), Amount: '2.50' })).toEqual({ rejected: 'hash mismatch' });
    expect(await verify(result({}, 'not-the-private-key'))).toEqual({
      rejected: 'hash mismatch',
    });
    const { Hash: _hash, ...unsigned } = result();
    expect(await verify(unsigned)).toEqual({ rejected: 'hash missing' });
  });

  it('rejects a signed notification of another site, order or amount', async () => {
    expect(await verify(result({ siteCode: 'OTHER-SITE' }))).toEqual({
      rejected: 'site mismatch',
    });
    expect(await verify(result({ transactionReference: 'ORD-UNKNOWN' }))).toEqual({
      rejected: 'reference mismatch',
    });
    expect(await verify(result({ amount: '24.99' }))).toEqual({ rejected: 'amount mismatch' });
  });

  it('rejects a test payment on a live site', async () => {
    expect(await verify(result({ isTest: true }), settingsFor({ isTest: false }))).toEqual({
      rejected: 'test transaction on a live site',
    });
    expect(await verify(result({ isTest: false }), settingsFor({ isTest: false }))).toMatchObject({
      status: 'paid',
    });
  });

  it('names TransactionReference, or nothing', () => {
    expect(ozowGateway.referenceOf(notifyEvent(result()))).toBe(order.reference);
    expect(ozowGateway.referenceOf(notifyEvent({ Status: 'Complete' }))).toBeNull();
  });
});

describe('ozowGateway.queryStatus without an API key (the signed return)', () => {
  it("uses a return's status when its Hash is right", async () => {
    expect(
      await ozowGateway.queryStatus(order, settingsFor(), http, result({ status: 'Cancelled' })),
    ).toMatchObject({ status: 'cancelled', message: orderMessages.paymentCancelled });
    expect(await ozowGateway.queryStatus(order, settingsFor(), http, result())).toMatchObject({
      status: 'paid',
      amountMinor: 2_500,
    });
  });

  it('answers pending for a return without a right Hash', async () => {
    const forged = { ...result({ status: 'Error' }), Status: 'Complete' };
    expect(await ozowGateway.queryStatus(order, settingsFor(), http, forged)).toEqual({
      status: 'pending',
    });
    expect(await ozowGateway.queryStatus(order, settingsFor(), http, {})).toEqual({
      status: 'pending',
    });
  });
});

describe('ozowGateway.queryStatus with an API key', () => {
  let fake: FakeOzow;
  beforeAll(async () => {
    fake = await startFakeOzow(SITE);
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.transactions.length = 0;
    fake.apiCalls.length = 0;
    fake.apiFailStatus = null;
    fake.delayMs = 0;
  });

  const settings = () => settingsFor({ apiBaseUrl: fake.baseUrl, apiKey: SITE.apiKey });
  const transaction = (overrides: Partial<FakeOzowTransaction>): FakeOzowTransaction => ({
    transactionId: 'a1b2c3d4-0000-4000-8000-000000000001',
    merchantCode: 'FAKE',
    siteCode: SITE.siteCode,
    transactionReference: order.reference,
    currencyCode: 'ZAR',
    amount: 25,
    status: 'Complete',
    statusMessage: '',
    createdDate: '2026-03-01T10:00:00Z',
    paymentDate: null,
    ...overrides,
  });

  it("reads Ozow's record, asking with the ApiKey", async () => {
    fake.transactions.push(transaction({}));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toEqual({
      status: 'paid',
      amountMinor: 2_500,
      currency: 'ZAR',
      gatewayTransactionId: 'a1b2c3d4-0000-4000-8000-000000000001',
      message: undefined,
    });
    expect(fake.apiCalls).toEqual([
      {
        url: `/GetTransactionByReference?siteCode=${SITE.siteCode}&transactionReference=${order.reference}`,
        apiKey: SITE.apiKey,
      },
    ]);
  });

  it('lets the newest of several attempts speak', async () => {
    fake.transactions.push(
      transaction({
        transactionId: 'newest',
        status: 'Complete',
        createdDate: '2026-03-01T10:05:00Z',
      }),
      transaction({
        transactionId: 'oldest',
        status: 'Error',
        createdDate: '2026-03-01T10:00:00Z',
      }),
    );
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toMatchObject({
      status: 'paid',
      gatewayTransactionId: 'newest',
    });
  });

  it('ignores the hint and answers pending while Ozow knows no transaction', async () => {
    expect(await ozowGateway.queryStatus(order, settings(), http, result())).toEqual({
      status: 'pending',
    });
  });

  it('maps Abandoned to failed', async () => {
    fake.transactions.push(transaction({ status: 'Abandoned' }));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toMatchObject({
      status: 'failed',
    });
  });

  it('is unavailable when the API answers an error', async () => {
    fake.apiFailStatus = 500;
    await expect(ozowGateway.queryStatus(order, settings(), http, {})).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('is unavailable when Ozow is slow', async () => {
    fake.delayMs = 1_000;
    const query = ozowGateway.queryStatus(order, settings(), createGatewayHttp(100), {});
    await expect(query).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('is unavailable when Ozow is down', async () => {
    const down = await startFakeOzow(SITE);
    await down.stop();
    const query = ozowGateway.queryStatus(
      order,
      settingsFor({ apiBaseUrl: down.baseUrl, apiKey: SITE.apiKey }),
      http,
      {},
    );
    await expect(query).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('Ozow pay page to notification, over HTTP', () => {
  let fake: FakeOzow;
  let receiver: Server;
  let received: Promise<[string, string][]>;
  let notifyUrl = '';

  beforeAll(async () => {
    fake = await startFakeOzow(SITE);
  });
  beforeEach(async () => {
    received = new Promise((resolve) => {
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          response.end();
          resolve([...new URLSearchParams(Buffer.concat(chunks).toString('utf8'))]);
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  });
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  afterAll(() => fake.stop());

  it('the notification and the return of a completed payment both verify', async () => {
    const settings = settingsFor({ baseUrl: fake.baseUrl });
    const start = await ozowGateway.startPayment(order, { ...urls, notifyUrl }, settings, http);
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(
      (await fetch(start.action, { method: 'POST', body: new URLSearchParams(start.fields) }))
        .status,
    ).toBe(200);
    const request = fake.requests.at(-1)!;
    const pay = await fetch(`${fake.baseUrl}/fake/pay/${request.id}`, {
      method: 'POST',
      body: new URLSearchParams({ status: 'Complete' }),
      redirect: 'manual',
    });

    const event = notifyEvent(Object.fromEntries(await received));
    expect(ozowGateway.referenceOf(event)).toBe(order.reference);
    expect(await ozowGateway.verifyEvent(event, order, settings, http)).toMatchObject({
      status: 'paid',
      amountMinor: 2_500,
    });

    const back = new URL(pay.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(urls.returnUrl);
    const hint = Object.fromEntries(back.searchParams);
    expect(await ozowGateway.queryStatus(order, settings, http, hint)).toMatchObject({
      status: 'paid',
    });
  });
});
