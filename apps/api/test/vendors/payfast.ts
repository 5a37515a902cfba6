import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local PayFast for tests: the checkout page (`/eng/process`, which checks the signature and
 * lets a browser complete or cancel), the ITN it then sends, and `/eng/query/validate`.
 * Its signing is written independently of the adapter's (URLSearchParams with PHP's `*`), so a
 * test that passes shows the two agree.
 */

/** PHP's urlencode by another road: URLSearchParams differs from it only in leaving `*`. */
const phpEncode = (value: string) =>
  new URLSearchParams({ v: value }).toString().slice(2).replaceAll('*', '%2A');

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function encodedPairs(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([name, value]) => `${name}=${phpEncode(value)}`).join('&');
}

function passphraseSuffix(passphrase: string | undefined): string {
  return passphrase?.trim() ? `&passphrase=${phpEncode(passphrase.trim())}` : '';
}

/** An ITN's fields followed by the signature PayFast computes over them. */
export function signItn(
  fields: readonly (readonly [string, string])[],
  passphrase?: string,
): [string, string][] {
  const signature = md5(encodedPairs(fields) + passphraseSuffix(passphrase));
  return [
    ...fields.map(([name, value]): [string, string] => [name, value]),
    ['signature', signature],
  ];
}

export type ItnInput = {
  merchantId: string;
  reference: string;
  /** amount_gross as PayFast writes it, e.g. "234.00". */
  amountGross: string;
  status?: 'COMPLETE' | 'FAILED' | 'CANCELLED' | 'PENDING';
  pfPaymentId?: string;
  itemName?: string;
  nameFirst?: string;
  nameLast?: string;
  email?: string;
};

/** The fields of an ITN in the order PayFast posts them, signed. */
export function buildItn(input: ItnInput, passphrase?: string): [string, string][] {
  const gross = Number(input.amountGross);
  const fee = Math.round(gross * 3.5) / 100;
  return signItn(
    [
      ['m_payment_id', input.reference],
      ['pf_payment_id', input.pfPaymentId ?? '1089250'],
      ['payment_status', input.status ?? 'COMPLETE'],
      ['item_name', input.itemName ?? 'Ubuntu 22.04 (2 GB)'],
      ['item_description', ''],
      ['amount_gross', input.amountGross],
      ['amount_fee', `-${fee.toFixed(2)}`],
      ['amount_net', (gross - fee).toFixed(2)],
      ['custom_str1', ''],
      ['custom_str2', ''],
      ['custom_str3', ''],
      ['custom_str4', ''],
      ['custom_str5', ''],
      ['custom_int1', ''],
      ['custom_int2', ''],
      ['custom_int3', ''],
      ['custom_int4', ''],
      ['custom_int5', ''],
      ['name_first', input.nameFirst ?? 'Thandi'],
      ['name_last', input.nameLast ?? "O'Neil"],
      ['email_address', input.email ?? 'thandi@example.com'],
      ['merchant_id', input.merchantId],
    ],
    passphrase,
  );
}

/** Checks a checkout form as PayFast does: the non-empty fields as posted, trimmed. */
function isCheckoutSigned(fields: [string, string][], passphrase: string | undefined): boolean {
  const signature = fields.find(([name]) => name === 'signature')?.[1];
  const signed = fields
    .filter(([name]) => name !== 'signature')
    .map(([name, value]): [string, string] => [name, value.trim()])
    .filter(([, value]) => value !== '');
  return signature === md5(encodedPairs(signed) + passphraseSuffix(passphrase));
}

export type FakePayfastCheckout = { id: string; fields: Record<string, string> };

export type FakePayfast = {
  baseUrl: string;
  /** The body /eng/query/validate answers with (PayFast: VALID or INVALID). */
  validateAnswer: string;
  /** The HTTP status /eng/query/validate answers with. */
  validateStatus: number;
  /** Every answer waits this long first (to play a slow gateway). */
  delayMs: number;
  /** Bodies posted to /eng/query/validate, in order. */
  validations: string[];
  /** Checkout forms posted to /eng/process with a right signature. */
  checkouts: FakePayfastCheckout[];
  /** The signed ITN PayFast would send for a checkout. */
  itnFor: (
    checkout: FakePayfastCheckout,
    status?: ItnInput['status'],
    amountGross?: string,
  ) => [string, string][];
  /** Posts that ITN to the checkout's notify_url, as PayFast does; returns the HTTP status. */
  notify: (checkout: FakePayfastCheckout, status?: ItnInput['status']) => Promise<number>;
  stop: () => Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function checkoutPage(checkout: FakePayfastCheckout): string {
  const { item_name: itemName = '', amount = '' } = checkout.fields;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayFast (fake)</title>
<meta name="viewport" content="width=device-width"></head><body><main>
<h1>PayFast (fake)</h1><p>${escapeHtml(itemName)}: R ${escapeHtml(amount)}</p>
<form method="post" action="/fake/pay/${checkout.id}"><input type="hidden" name="outcome" value="complete">
<button type="submit">Complete payment</button></form>
<form method="post" action="/fake/pay/${checkout.id}"><input type="hidden" name="outcome" value="cancel">
<button type="submit">Cancel payment</button></form></main></body></html>`;
}

/** Starts a fake PayFast on 127.0.0.1 (a free port) for one merchant. */
export async function startFakePayfast(
  merchant: { merchantId: string; merchantKey: string; passphrase?: string } = {
    merchantId: '10000100',
    merchantKey: '46f0cd694581a',
  },
): Promise<FakePayfast> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakePayfast = {
    baseUrl: '',
    validateAnswer: 'VALID',
    validateStatus: 200,
    delayMs: 0,
    validations: [],
    checkouts: [],
    itnFor: (checkout, status = 'COMPLETE', amountGross) =>
      buildItn(
        {
          merchantId: merchant.merchantId,
          reference: checkout.fields.m_payment_id ?? '',
          amountGross: amountGross ?? checkout.fields.amount ?? '0.00',
          status,
          pfPaymentId: String(1_000_000 + fake.checkouts.indexOf(checkout)),
          itemName: checkout.fields.item_name,
          nameFirst: checkout.fields.name_first ?? '',
          nameLast: checkout.fields.name_last ?? '',
          email: checkout.fields.email_address ?? '',
        },
        merchant.passphrase,
      ),
    notify: async (checkout, status = 'COMPLETE') => {
      const notifyUrl = checkout.fields.notify_url;
      if (!notifyUrl) throw new Error('the checkout named no notify_url');
      const response = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fake.itnFor(checkout, status)).toString(),
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: () => Promise.resolve(),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      response.end(text);
    };

    if (request.method === 'POST' && url.pathname === '/eng/query/validate') {
      fake.validations.push(body);
      return send(fake.validateStatus, fake.validateAnswer);
    }
    if (request.method === 'POST' && url.pathname === '/eng/process') {
      const fields = [...new URLSearchParams(body)];
      const named = Object.fromEntries(fields);
      if (
        named.merchant_id !== merchant.merchantId ||
        named.merchant_key !== merchant.merchantKey
      ) {
        return send(400, 'unknown merchant');
      }
      if (!isCheckoutSigned(fields, merchant.passphrase)) return send(400, 'signature mismatch');
      const checkout = { id: randomUUID(), fields: named };
      fake.checkouts.push(checkout);
      return send(200, checkoutPage(checkout), { 'content-type': 'text/html; charset=utf-8' });
    }
    const paying = /^\/fake\/pay\/([\w-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && paying) {
      const checkout = fake.checkouts.find((entry) => entry.id === paying[1]);
      if (!checkout) return send(404, 'no such checkout');
      const outcome = new URLSearchParams(body).get('outcome');
      if (outcome === 'complete') {
        await fake.notify(checkout, 'COMPLETE');
        return send(303, '', { location: checkout.fields.return_url ?? '/' });
      }
      return send(303, '', { location: checkout.fields.cancel_url ?? '/' });
    }
    return send(404, 'not found');
  }

  const server = createServer((request, response) => {
    const run = () => {
      handle(request, response).catch(() => {
        if (!response.headersSent && !response.destroyed) response.writeHead(500).end();
      });
    };
    if (fake.delayMs <= 0) return run();
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, fake.delayMs);
    timers.add(timer);
    // A caller that gave up is not answered later, into another test's records.
    response.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}
