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
import { ozowGateway, ozowRequestHash, readOzowTransactions } from './ozow';

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

/** A transaction in the shape GetTransactionByReference documents (an array of these). */
function documented(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    transactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
    merchantCode: 'MOCK',
    siteCode: SITE.siteCode,
    transactionReference: order.reference,
    currencyCode: 'ZAR',
    amount: 25.0,
    status: 'Complete',
    subStatus: null,
    statusMessage: 'Test transaction completed',
    createdDate: '2026-03-01T10:00:00',
    paymentDate: '2026-03-01T10:01:12',
    ...overrides,
  };
}

describe('readOzowTransactions (the status API answer)', () => {
  const read = (body: unknown, settings = settingsFor()) =>
    readOzowTransactions(body, order, settings);

  it('confirms a Complete transaction of exactly the order’s amount in ZAR', () => {
    expect(read([documented()])).toEqual({
      status: 'paid',
      amountMinor: 2_500,
      currency: 'ZAR',
      gatewayTransactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
    });
    expect(read([documented({ amount: '25.00' })])).toMatchObject({ status: 'paid' });
    // PascalCase, as some of Ozow's samples write it.
    const pascal = Object.fromEntries(
      Object.entries(documented()).map(([name, value]) => [
        name.charAt(0).toUpperCase() + name.slice(1),
        value,
      ]),
    );
    expect(read([pascal])).toMatchObject({ status: 'paid', amountMinor: 2_500 });
  });

  it('rejects a Complete transaction of another amount or currency', () => {
    expect(read([documented({ amount: 24.99 })])).toEqual({
      rejected: 'Ozow confirmed another amount',
    });
    expect(read([documented({ amount: 2_500 })])).toEqual({
      rejected: 'Ozow confirmed another amount',
    });
    expect(read([documented({ currencyCode: 'USD' })])).toEqual({
      rejected: 'Ozow confirmed another currency',
    });
  });

  it('rejects a test payment on a live site', () => {
    expect(read([documented({ isTest: true })], settingsFor({ isTest: false }))).toEqual({
      rejected: 'Ozow confirmed a test payment on a live site',
    });
    expect(read([documented({ isTest: false })], settingsFor({ isTest: false }))).toMatchObject({
      status: 'paid',
    });
  });

  it('asks again later about a Complete transaction naming no amount or currency', () => {
    expect(() => read([documented({ amount: null })])).toThrow(GatewayUnavailable);
    expect(() => read([documented({ amount: 'R25' })])).toThrow(GatewayUnavailable);
    expect(() => read([documented({ currencyCode: undefined })])).toThrow(GatewayUnavailable);
  });

  it('maps every Ozow status; only Complete is paid', () => {
    const expectations = [
      ['Cancelled', { status: 'cancelled', message: orderMessages.paymentCancelled }],
      ['Error', { status: 'failed', message: orderMessages.gatewayFailure }],
      ['Abandoned', { status: 'failed', message: orderMessages.gatewayFailure }],
      ['Pending', { status: 'pending' }],
      ['PendingInvestigation', { status: 'pending' }],
      ['SomethingNew', { status: 'pending' }],
    ] as const;
    for (const [status, verdict] of expectations) {
      expect(read([documented({ status })])).toMatchObject(verdict);
    }
    expect(read([documented({ status: 'Pending' })])).toEqual({ status: 'pending' });
  });

  it('reads only the order’s own transactions at the company’s site, the newest first', () => {
    expect(read([])).toEqual({ status: 'pending' });
    expect(read([documented({ transactionReference: 'ORD-OTHER' })])).toEqual({
      status: 'pending',
    });
    expect(read([documented({ siteCode: 'OTHER-SITE' })])).toEqual({ status: 'pending' });
    expect(read([documented({ siteCode: undefined })])).toEqual({ status: 'pending' });
    expect(
      read([
        documented({ status: 'Error', createdDate: '2026-03-01T10:00:00' }),
        documented({ transactionId: 'newest', createdDate: '2026-03-01T10:05:00' }),
        documented({ status: 'Cancelled', createdDate: '2026-03-01T09:55:00' }),
      ]),
    ).toMatchObject({ status: 'paid', gatewayTransactionId: 'newest' });
    // One transaction answered as an object, not in a list.
    expect(read(documented())).toMatchObject({ status: 'paid' });
  });

  it('cannot read an answer that is not a transaction list', () => {
    expect(() => read('Transaction not found')).toThrow(GatewayUnavailable);
    expect(() => read(null)).toThrow(GatewayUnavailable);
  });
});

/** A fake Ozow for the enclosing describe block, started once, every test starting it afresh. */
function fakeOzowForBlock() {
  let fake: FakeOzow | undefined;
  beforeAll(async () => {
    fake = await startFakeOzow(SITE);
  });
  afterAll(() => fake!.stop());
  beforeEach(() => {
    fake!.transactions.length = 0;
    fake!.apiCalls.length = 0;
    fake!.apiFailStatus = null;
    fake!.delayMs = 0;
  });
  return () => fake!;
}

describe('ozowGateway.verifyEvent', () => {
  const fake = fakeOzowForBlock();

  const withApi = (options: { isTest?: boolean } = {}) =>
    settingsFor({ apiBaseUrl: fake().baseUrl, apiKey: SITE.apiKey, ...options });
  const verify = (fields: Record<string, string>, settings = withApi()) =>
    ozowGateway.verifyEvent(notifyEvent(fields), order, settings, http);
  const ozowRecords = (status: FakeOzowTransaction['status'], amount = 25) =>
    fake().transactions.push({
      transactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
      merchantCode: 'FAKE',
      siteCode: SITE.siteCode,
      transactionReference: order.reference,
      currencyCode: 'ZAR',
      amount,
      status,
      statusMessage: '',
      createdDate: new Date().toISOString(),
      paymentDate: null,
    });

  it('settles nothing on a valid notification until Ozow confirms it', async () => {
    expect(await verify(result())).toEqual({ status: 'pending' });
    expect(fake().apiCalls).toEqual([
      {
        url: `/GetTransactionByReference?siteCode=${SITE.siteCode}&transactionReference=${order.reference}`,
        apiKey: SITE.apiKey,
      },
    ]);
    ozowRecords('Complete');
    expect(await verify(result())).toEqual({
      status: 'paid',
      amountMinor: 2_500,
      currency: 'ZAR',
      gatewayTransactionId: '34c3acfa-2618-410c-80d0-521a08190b82',
    });
  });

  it('takes the verdict from Ozow’s record, not from the notification', async () => {
    ozowRecords('Pending');
    expect(await verify(result({ status: 'Complete' }))).toEqual({ status: 'pending' });
    ozowRecords('Error');
    expect(await verify(result({ status: 'Complete' }))).toMatchObject({
      status: 'failed',
      message: orderMessages.gatewayFailure,
    });
  });

  it('rejects what Ozow confirmed for another amount; an API failure is unavailable', async () => {
    ozowRecords('Complete', 24.99);
    expect(await verify(result())).toEqual({ rejected: 'Ozow confirmed another amount' });
    fake().apiFailStatus = 500;
    await expect(verify(result())).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('without an API key confirms nothing', async () => {
    expect(await verify(result(), settingsFor())).toEqual({
      rejected: 'Ozow API key not configured',
    });
  });

  it('reads the amount with 2 decimals and a + as a space, as the spec does', async () => {
    ozowRecords('Complete');
    const signed = result({ amount: '25.00', statusMessage: 'Payment completed by customer' });
    const asReturned = {
      ...signed,
      Amount: '25',
      StatusMessage: 'Payment+completed+by+customer',
    };
    expect(await verify(asReturned)).toMatchObject({ status: 'paid', amountMinor: 2_500 });
  });

  it('rejects a tampered or forged notification without asking Ozow', async () => {
    ozowRecords('Complete');
    expect(await verify({ ...result({ status: 'Error' }), Status: 'Complete' })).toEqual({
      rejected: 'hash mismatch',
    });
    expect(await verify({ ...result(), Amount: '2.50' })).toEqual({ rejected: 'hash mismatch' });
    expect(await verify(result({}, 'not-the-private-key'))).toEqual({
      rejected: 'hash mismatch',
    });
    const { Hash: _hash, ...unsigned } = result();
    expect(await verify(unsigned)).toEqual({ rejected: 'hash missing' });
    expect(fake().apiCalls).toEqual([]);
  });

  it('rejects a signed notification of another site, order or amount', async () => {
    ozowRecords('Complete');
    expect(await verify(result({ siteCode: 'OTHER-SITE' }))).toEqual({
      rejected: 'site mismatch',
    });
    expect(await verify(result({ transactionReference: 'ORD-UNKNOWN' }))).toEqual({
      rejected: 'reference mismatch',
    });
    expect(await verify(result({ amount: '24.99' }))).toEqual({ rejected: 'amount mismatch' });
    expect(fake().apiCalls).toEqual([]);
  });

  it('rejects a test payment on a live site', async () => {
    ozowRecords('Complete');
    expect(await verify(result({ isTest: true }), withApi({ isTest: false }))).toEqual({
      rejected: 'test transaction on a live site',
    });
    expect(await verify(result({ isTest: false }), withApi({ isTest: false }))).toMatchObject({
      status: 'paid',
    });
  });

  it('names TransactionReference, or nothing', () => {
    expect(ozowGateway.referenceOf(notifyEvent(result()))).toBe(order.reference);
    expect(ozowGateway.referenceOf(notifyEvent({ Status: 'Complete' }))).toBeNull();
  });
});

describe('ozowGateway.queryStatus without an API key', () => {
  it('trusts no return, however well hashed', async () => {
    const noHttp = () => Promise.reject(new Error('no call expected'));
    for (const hint of [result(), result({ status: 'Cancelled' }), {}]) {
      expect(await ozowGateway.queryStatus(order, settingsFor(), noHttp, hint)).toEqual({
        status: 'pending',
      });
    }
  });
});

describe('ozowGateway.queryStatus with an API key', () => {
  const fake = fakeOzowForBlock();

  const settings = () => settingsFor({ apiBaseUrl: fake().baseUrl, apiKey: SITE.apiKey });
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
    fake().transactions.push(transaction({}));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toEqual({
      status: 'paid',
      amountMinor: 2_500,
      currency: 'ZAR',
      gatewayTransactionId: 'a1b2c3d4-0000-4000-8000-000000000001',
    });
    expect(fake().apiCalls).toEqual([
      {
        url: `/GetTransactionByReference?siteCode=${SITE.siteCode}&transactionReference=${order.reference}`,
        apiKey: SITE.apiKey,
      },
    ]);
  });

  it('lets the newest of several attempts speak', async () => {
    fake().transactions.push(
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

  it('answers pending for a complete payment of another amount or currency', async () => {
    fake().transactions.push(transaction({ amount: 12.5 }));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toEqual({
      status: 'pending',
    });
    fake().transactions.length = 0;
    fake().transactions.push(transaction({ currencyCode: 'USD' }));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toEqual({
      status: 'pending',
    });
  });

  it('maps Abandoned to failed', async () => {
    fake().transactions.push(transaction({ status: 'Abandoned' }));
    expect(await ozowGateway.queryStatus(order, settings(), http, {})).toMatchObject({
      status: 'failed',
    });
  });

  it('is unavailable when the API answers an error', async () => {
    fake().apiFailStatus = 500;
    await expect(ozowGateway.queryStatus(order, settings(), http, {})).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('is unavailable when Ozow is slow', async () => {
    fake().delayMs = 1_000;
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

  it('the notification and the return of a completed payment are both confirmed by Ozow', async () => {
    const settings = settingsFor({
      baseUrl: fake.baseUrl,
      apiBaseUrl: fake.baseUrl,
      apiKey: SITE.apiKey,
    });
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
