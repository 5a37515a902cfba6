import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildItn,
  signItn,
  startFakePayfast,
  type FakePayfast,
} from '../../../test/vendors/payfast';
import { AppError } from '../../errors';
import {
  GatewayUnavailable,
  isRejected,
  type GatewaySettings,
  type InboundEvent,
  type OrderForGateway,
} from '../gateway';
import { createGatewayHttp } from '../gateway-http';
import {
  createPayfastGateway,
  itnParamString,
  payfastGateway,
  signPayfastCheckout,
  type LookupHost,
} from './payfast';

const MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a' };
const PASSPHRASE = 'jt7NOE43FZPn';
/** Addresses the fixed resolver gives PayFast's hosts (documentation ranges, never routed). */
const PAYFAST_ADDRESS = '192.0.2.10';
const STRANGER_ADDRESS = '198.51.100.7';

const fixedLookup: LookupHost = async (host) => {
  if (host === 'www.payfast.co.za') return [PAYFAST_ADDRESS];
  if (host === 'w1w.payfast.co.za') return ['192.0.2.11'];
  throw new Error(`ENOTFOUND ${host}`);
};

const http = createGatewayHttp(2_000);

const order: OrderForGateway = {
  reference: 'ORD-7Q2K9X',
  kind: 1,
  description: 'Ubuntu 22.04 (2 GB) *~!',
  amountMinor: 23_400,
  currency: 'ZAR',
  customer: {
    firstName: ' Thandi ',
    lastName: "O'Neil",
    email: 'thandi@example.com',
    phone: null,
    countryCode: 'ZA',
  },
  gatewayOrderId: null,
  isOpen: true,
};

const urls = {
  returnUrl: 'https://portal.example.com/transaction-status-payfast/1?orderID=ORD-7Q2K9X',
  cancelUrl:
    'https://portal.example.com/transaction-status-payfast/1?orderID=ORD-7Q2K9X&status=cancelled',
  errorUrl: 'https://portal.example.com/transaction-status-payfast/1?orderID=ORD-7Q2K9X',
  notifyUrl: 'https://portal.example.com/api/virtualMachine/notifyPayFastStatus',
};

function settingsFor(baseUrl: string, passphrase?: string): GatewaySettings {
  return {
    isTest: true,
    baseUrl,
    credentials: {
      merchant_id: MERCHANT.merchantId,
      merchant_key: MERCHANT.merchantKey,
      ...(passphrase ? { passphrase } : {}),
    },
    settings: {},
  };
}

function itnEvent(fields: [string, string][], sourceAddress = '127.0.0.1'): InboundEvent {
  return { fields, json: null, query: {}, headers: {}, sourceAddress };
}

function itn(overrides: Partial<Parameters<typeof buildItn>[0]> = {}, passphrase = PASSPHRASE) {
  return buildItn(
    {
      merchantId: MERCHANT.merchantId,
      reference: order.reference,
      amountGross: '234.00',
      itemName: order.description,
      ...overrides,
    },
    passphrase,
  );
}

describe('PayFast checkout signature', () => {
  it('gives the documented test vector', () => {
    const vector: [string, string][] = [
      ['merchant_id', '10000100'],
      ['merchant_key', '46f0cd694581a'],
      ['notify_url', 'http://127.0.0.1:8000/payfast/notify/'],
      ['name_first', 'Вася'],
      ['name_last', 'Пупников'],
      ['m_payment_id', '23'],
      ['amount', '234'],
      ['item_name', 'Payment (Планета суши). ID:272-15'],
    ];
    expect(signPayfastCheckout(vector)).toBe('481366608545707be67c6514386b3fb1');
  });

  it('leaves empty fields out, trims values and appends the passphrase', () => {
    const fields: [string, string][] = [
      ['merchant_id', '10000100'],
      ['name_last', ''],
      ['amount', ' 10.00 '],
    ];
    expect(signPayfastCheckout(fields)).toBe(
      signPayfastCheckout([
        ['merchant_id', '10000100'],
        ['amount', '10.00'],
      ]),
    );
    expect(signPayfastCheckout(fields, 'secret')).not.toBe(signPayfastCheckout(fields));
  });
});

describe('payfastGateway.startPayment', () => {
  let fake: FakePayfast;
  beforeAll(async () => {
    fake = await startFakePayfast({ ...MERCHANT, passphrase: PASSPHRASE });
  });
  afterAll(() => fake.stop());

  it('signs a form that PayFast accepts, fields in the documented order', async () => {
    const start = await payfastGateway.startPayment(
      order,
      urls,
      settingsFor(fake.baseUrl, PASSPHRASE),
      http,
    );
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(start.action).toBe(`${fake.baseUrl}/eng/process`);
    expect(Object.keys(start.fields)).toEqual([
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
    expect(start.fields).toMatchObject({
      m_payment_id: order.reference,
      amount: '234.00',
      name_first: 'Thandi',
      item_name: order.description,
    });

    const response = await fetch(start.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(start.fields).toString(),
    });
    expect(response.status).toBe(200);
    expect(fake.checkouts.at(-1)?.fields.m_payment_id).toBe(order.reference);
  });

  it('a form signed without the passphrase is refused by a merchant that has one', async () => {
    const start = await payfastGateway.startPayment(order, urls, settingsFor(fake.baseUrl), http);
    if (start.kind !== 'form') throw new Error('expected a form');
    const response = await fetch(start.action, {
      method: 'POST',
      body: new URLSearchParams(start.fields),
    });
    expect(response.status).toBe(400);
  });

  it('clips item_name to 100 characters and leaves empty names out', async () => {
    const start = await payfastGateway.startPayment(
      {
        ...order,
        description: 'Ж'.repeat(150),
        customer: { ...order.customer, lastName: '   ' },
      },
      urls,
      settingsFor(fake.baseUrl, PASSPHRASE),
      http,
    );
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(start.fields.item_name).toBe('Ж'.repeat(100));
    expect(start.fields).not.toHaveProperty('name_last');
    const response = await fetch(start.action, {
      method: 'POST',
      body: new URLSearchParams(start.fields),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a currency other than ZAR', async () => {
    const attempt = payfastGateway.startPayment(
      { ...order, currency: 'USD' },
      urls,
      settingsFor(fake.baseUrl),
      http,
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      status: 422,
      message: orderMessages.gatewayNotOffered,
    });
  });
});

describe('payfastGateway.verifyEvent', () => {
  let fake: FakePayfast;
  const gateway = createPayfastGateway({ lookupHost: fixedLookup });

  beforeAll(async () => {
    fake = await startFakePayfast({ ...MERCHANT, passphrase: PASSPHRASE });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.validateAnswer = 'VALID';
    fake.validateStatus = 200;
    fake.delayMs = 0;
    fake.validations.length = 0;
  });

  const verify = (fields: [string, string][], sourceAddress?: string, passphrase = PASSPHRASE) =>
    gateway.verifyEvent(
      itnEvent(fields, sourceAddress),
      order,
      settingsFor(fake.baseUrl, passphrase),
      http,
    );

  it('reads a valid ITN and confirms it with PayFast', async () => {
    const fields = itn({ pfPaymentId: '1089250' });
    await expect(verify(fields)).resolves.toEqual({
      status: 'paid',
      amountMinor: 23_400,
      currency: 'ZAR',
      gatewayTransactionId: '1089250',
      message: undefined,
    });
    expect(fake.validations).toEqual([itnParamString(fields)]);
    expect(fake.validations[0]).not.toContain('passphrase');
    expect(fake.validations[0]).toContain('name_last=O%27Neil');
    expect(fake.validations[0]).toContain('item_description=&');
  });

  it('maps FAILED, CANCELLED and PENDING', async () => {
    expect(await verify(itn({ status: 'FAILED' }))).toMatchObject({
      status: 'failed',
      message: orderMessages.gatewayFailure,
    });
    expect(await verify(itn({ status: 'CANCELLED' }))).toMatchObject({ status: 'cancelled' });
    expect(await verify(itn({ status: 'PENDING' }))).toMatchObject({ status: 'pending' });
  });

  it('checks a merchant without a passphrase', async () => {
    const unprotected = await startFakePayfast(MERCHANT);
    try {
      const result = await gateway.verifyEvent(
        itnEvent(itn({}, '')),
        order,
        settingsFor(unprotected.baseUrl),
        http,
      );
      expect(result).toMatchObject({ status: 'paid' });
    } finally {
      await unprotected.stop();
    }
  });

  it('rejects a tampered ITN before asking PayFast', async () => {
    const fields = itn();
    const tampered = fields.map(([name, value]): [string, string] =>
      name === 'payment_status' ? [name, 'COMPLETE '] : [name, value],
    );
    expect(await verify(tampered)).toEqual({ rejected: 'signature mismatch' });
    const forged = fields.map(([name, value]): [string, string] =>
      name === 'signature' ? [name, '0'.repeat(32)] : [name, value],
    );
    expect(await verify(forged)).toEqual({ rejected: 'signature mismatch' });
    const unsigned = fields.filter(([name]) => name !== 'signature');
    expect(await verify(unsigned)).toEqual({ rejected: 'signature missing' });
    expect(await verify(itn({}, 'another passphrase'))).toEqual({
      rejected: 'signature mismatch',
    });
    expect(fake.validations).toEqual([]);
  });

  it('rejects a signed ITN of another merchant, order or amount', async () => {
    expect(await verify(itn({ merchantId: '10000999' }))).toEqual({
      rejected: 'merchant mismatch',
    });
    expect(await verify(itn({ reference: 'ORD-UNKNOWN' }))).toEqual({
      rejected: 'reference mismatch',
    });
    expect(await verify(itn({ amountGross: '233.98' }))).toEqual({ rejected: 'amount mismatch' });
    expect(await verify(itn({ amountGross: 'free' }))).toEqual({
      rejected: 'amount_gross missing or malformed',
    });
    expect(fake.validations).toEqual([]);
  });

  it('accepts amount_gross within R0.01 of the order', async () => {
    expect(await verify(itn({ amountGross: '233.99' }))).toMatchObject({
      status: 'paid',
      amountMinor: 23_399,
    });
  });

  it("rejects an ITN from an address that is not PayFast's", async () => {
    expect(await verify(itn(), STRANGER_ADDRESS)).toEqual({
      rejected: 'source address is not PayFast',
    });
    expect(fake.validations).toEqual([]);
  });

  it("accepts PayFast's own hosts (a failed lookup of some tolerated) and mapped IPv4", async () => {
    expect(await verify(itn(), PAYFAST_ADDRESS)).toMatchObject({ status: 'paid' });
    expect(await verify(itn(), '192.0.2.11')).toMatchObject({ status: 'paid' });
    expect(await verify(itn(), '::ffff:127.0.0.1')).toMatchObject({ status: 'paid' });
  });

  it('resolves the configured host with the system resolver', async () => {
    const viaName = fake.baseUrl.replace('127.0.0.1', 'localhost');
    const result = await payfastGateway.verifyEvent(
      itnEvent(itn()),
      order,
      settingsFor(viaName, PASSPHRASE),
      http,
    );
    expect(result).toMatchObject({ status: 'paid' });
  });

  it('rejects an ITN PayFast does not validate', async () => {
    fake.validateAnswer = 'INVALID';
    const result = await verify(itn());
    expect(isRejected(result)).toBe(true);
    expect(result).toEqual({ rejected: 'PayFast did not validate the notification' });
    expect(fake.validations).toHaveLength(1);
  });

  it('is unavailable when validate answers an error', async () => {
    fake.validateStatus = 503;
    await expect(verify(itn())).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('is unavailable when PayFast is slow', async () => {
    fake.delayMs = 1_000;
    const result = gateway.verifyEvent(
      itnEvent(itn()),
      order,
      settingsFor(fake.baseUrl, PASSPHRASE),
      createGatewayHttp(100),
    );
    await expect(result).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('is unavailable when PayFast is down', async () => {
    const down = await startFakePayfast({ ...MERCHANT, passphrase: PASSPHRASE });
    await down.stop();
    const result = gateway.verifyEvent(
      itnEvent(itn()),
      order,
      settingsFor(down.baseUrl, PASSPHRASE),
      http,
    );
    await expect(result).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('PayFast checkout to ITN, over HTTP', () => {
  let fake: FakePayfast;
  let receiver: Server;
  let received: Promise<[string, string][]>;
  let notifyUrl = '';

  beforeAll(async () => {
    fake = await startFakePayfast({ ...MERCHANT, passphrase: PASSPHRASE });
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

  it('the ITN a completed checkout sends verifies as paid', async () => {
    const settings = settingsFor(fake.baseUrl, PASSPHRASE);
    const start = await payfastGateway.startPayment(order, { ...urls, notifyUrl }, settings, http);
    if (start.kind !== 'form') throw new Error('expected a form');
    const page = await fetch(start.action, {
      method: 'POST',
      body: new URLSearchParams(start.fields),
    });
    expect(page.status).toBe(200);
    const checkout = fake.checkouts.at(-1)!;
    const pay = await fetch(`${fake.baseUrl}/fake/pay/${checkout.id}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
      redirect: 'manual',
    });
    expect(pay.headers.get('location')).toBe(urls.returnUrl);

    const fields = await received;
    const event = itnEvent(fields);
    expect(payfastGateway.referenceOf(event)).toBe(order.reference);
    const gateway = createPayfastGateway({ lookupHost: fixedLookup });
    expect(await gateway.verifyEvent(event, order, settings, http)).toMatchObject({
      status: 'paid',
      amountMinor: 23_400,
    });
  });
});

describe('payfastGateway.referenceOf and queryStatus', () => {
  it('names m_payment_id, or nothing', () => {
    expect(payfastGateway.referenceOf(itnEvent(itn()))).toBe(order.reference);
    expect(payfastGateway.referenceOf(itnEvent(signItn([['pf_payment_id', '1']])))).toBeNull();
  });

  it('answers pending unless the customer cancelled at PayFast', async () => {
    const settings = settingsFor('http://127.0.0.1:9');
    expect(await payfastGateway.queryStatus(order, settings, http, { orderID: 'x' })).toEqual({
      status: 'pending',
    });
    expect(
      await payfastGateway.queryStatus(order, settings, http, { status: 'cancelled' }),
    ).toEqual({ status: 'cancelled', message: orderMessages.paymentCancelled });
  });
});
