import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Ozow for tests: the pay page (`POST /`, which checks HashCheck and lets a browser
 * complete, cancel or fail the payment), the notification and signed redirect it then sends,
 * and the status API (`GET /GetTransactionByReference`, ApiKey header). Field orders are written
 * out here from payments.md, apart from the adapter's lists.
 */

const REQUEST_ORDER = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
];

const RESPONSE_ORDER = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
];

const sha512Lower = (text: string) =>
  createHash('sha512').update(text.toLowerCase(), 'utf8').digest('hex');

export type OzowStatus =
  'Complete' | 'Cancelled' | 'Error' | 'Abandoned' | 'Pending' | 'PendingInvestigation';

export type OzowResponseInput = {
  siteCode: string;
  transactionReference: string;
  amount: string;
  status: OzowStatus;
  transactionId?: string;
  isTest?: boolean;
  statusMessage?: string;
  optional?: Partial<
    Record<'Optional1' | 'Optional2' | 'Optional3' | 'Optional4' | 'Optional5', string>
  >;
};

/** A redirect's or notification's fields with the Hash Ozow signs them with. */
export function signOzowResponse(
  input: OzowResponseInput,
  privateKey: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    SiteCode: input.siteCode,
    TransactionId: input.transactionId ?? randomUUID(),
    TransactionReference: input.transactionReference,
    Amount: input.amount,
    Status: input.status,
    Optional1: input.optional?.Optional1 ?? '',
    Optional2: input.optional?.Optional2 ?? '',
    Optional3: input.optional?.Optional3 ?? '',
    Optional4: input.optional?.Optional4 ?? '',
    Optional5: input.optional?.Optional5 ?? '',
    CurrencyCode: 'ZAR',
    IsTest: input.isTest ? 'true' : 'false',
    StatusMessage: input.statusMessage ?? `Transaction ${input.status.toLowerCase()}`,
  };
  const hash = sha512Lower(RESPONSE_ORDER.map((name) => fields[name] ?? '').join('') + privateKey);
  return { ...fields, Hash: hash };
}

/** A transaction as the status API lists it. */
export type FakeOzowTransaction = {
  transactionId: string;
  merchantCode: string;
  siteCode: string;
  transactionReference: string;
  currencyCode: string;
  amount: number;
  status: OzowStatus;
  statusMessage: string;
  createdDate: string;
  paymentDate: string | null;
};

export type FakeOzowRequest = { id: string; fields: Record<string, string> };

export type FakeOzow = {
  /** Where the pay form is posted and where the status API answers (one server plays both). */
  baseUrl: string;
  apiKey: string;
  /** Every answer waits this long first (to play a slow gateway). */
  delayMs: number;
  /** When set, the status API answers this HTTP status. */
  apiFailStatus: number | null;
  /** Payment requests posted with a right HashCheck. */
  requests: FakeOzowRequest[];
  /** What GetTransactionByReference lists (tests may add their own). */
  transactions: FakeOzowTransaction[];
  /** ApiKey headers the status API received, in order. */
  apiCalls: { url: string; apiKey: string | undefined }[];
  /** The signed result fields for a request (what the redirect and notification carry). */
  resultFor: (request: FakeOzowRequest, status: OzowStatus) => Record<string, string>;
  /**
   * Records the request's transaction as the status API will list it (the newest attempt last);
   * `overrides` plays a record that differs from what was asked (amount, currency).
   */
  record: (
    request: FakeOzowRequest,
    status: OzowStatus,
    overrides?: Partial<FakeOzowTransaction>,
  ) => FakeOzowTransaction;
  /** Records the transaction and posts the notification to NotifyUrl; returns the HTTP status. */
  notify: (request: FakeOzowRequest, status: OzowStatus) => Promise<number>;
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

function payPage(request: FakeOzowRequest): string {
  const choice = (status: OzowStatus, label: string) =>
    `<form method="post" action="/fake/pay/${request.id}"><input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ozow (fake)</title>
<meta name="viewport" content="width=device-width"></head><body><main>
<h1>Ozow (fake)</h1><p>${escapeHtml(request.fields.BankReference ?? '')}: R ${escapeHtml(request.fields.Amount ?? '')}</p>
${choice('Complete', 'Complete payment')}${choice('Cancelled', 'Cancel payment')}${choice('Error', 'Fail payment')}
</main></body></html>`;
}

/** Starts a fake Ozow on 127.0.0.1 (a free port) for one site. */
export async function startFakeOzow(
  site: { siteCode: string; privateKey: string; apiKey: string } = {
    siteCode: 'TSTSTE0001',
    privateKey: '215114531AFF7134A94C88CEEA48E',
    apiKey: 'fake-ozow-api-key',
  },
): Promise<FakeOzow> {
  const timers = new Set<NodeJS.Timeout>();
  const transactionIds = new Map<string, string>();
  const fake: FakeOzow = {
    baseUrl: '',
    apiKey: site.apiKey,
    delayMs: 0,
    apiFailStatus: null,
    requests: [],
    transactions: [],
    apiCalls: [],
    resultFor: (request, status) => {
      if (!transactionIds.has(request.id)) transactionIds.set(request.id, randomUUID());
      return signOzowResponse(
        {
          siteCode: site.siteCode,
          transactionId: transactionIds.get(request.id),
          transactionReference: request.fields.TransactionReference ?? '',
          amount: request.fields.Amount ?? '0.00',
          status,
          isTest: request.fields.IsTest === 'true',
        },
        site.privateKey,
      );
    },
    record: (request, status, overrides = {}) => {
      const result = fake.resultFor(request, status);
      const transaction: FakeOzowTransaction = {
        transactionId: result.TransactionId!,
        merchantCode: 'FAKE',
        siteCode: site.siteCode,
        transactionReference: result.TransactionReference!,
        currencyCode: 'ZAR',
        amount: Number(result.Amount),
        status,
        statusMessage: result.StatusMessage!,
        createdDate: new Date().toISOString(),
        paymentDate: status === 'Complete' ? new Date().toISOString() : null,
        ...overrides,
      };
      fake.transactions.push(transaction);
      return transaction;
    },
    notify: async (request, status) => {
      fake.record(request, status);
      const result = fake.resultFor(request, status);
      const notifyUrl = request.fields.NotifyUrl;
      if (!notifyUrl) throw new Error('the request named no NotifyUrl');
      const response = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(result).toString(),
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

    if (request.method === 'GET' && url.pathname === '/GetTransactionByReference') {
      const apiKey = request.headers.apikey as string | undefined;
      fake.apiCalls.push({ url: url.pathname + url.search, apiKey });
      if (fake.apiFailStatus !== null) return send(fake.apiFailStatus, 'failure');
      if (apiKey !== site.apiKey) return send(401, 'Unauthorized');
      const found = fake.transactions.filter(
        (entry) =>
          entry.siteCode === url.searchParams.get('siteCode') &&
          entry.transactionReference === url.searchParams.get('transactionReference'),
      );
      if (found.length === 0) return send(404, 'Transaction not found');
      return send(200, JSON.stringify(found), { 'content-type': 'application/json' });
    }
    if (request.method === 'POST' && url.pathname === '/') {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (fields.SiteCode !== site.siteCode) return send(400, 'unknown site');
      const expected = sha512Lower(
        REQUEST_ORDER.filter((name) => name in fields)
          .map((name) => fields[name])
          .join('') + site.privateKey,
      );
      if (fields.HashCheck?.toLowerCase() !== expected) return send(400, 'HashCheck mismatch');
      const paymentRequest = { id: randomUUID(), fields };
      fake.requests.push(paymentRequest);
      return send(200, payPage(paymentRequest), { 'content-type': 'text/html; charset=utf-8' });
    }
    const paying = /^\/fake\/pay\/([\w-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && paying) {
      const paymentRequest = fake.requests.find((entry) => entry.id === paying[1]);
      if (!paymentRequest) return send(404, 'no such payment request');
      const status = (new URLSearchParams(body).get('status') ?? 'Error') as OzowStatus;
      await fake.notify(paymentRequest, status);
      const back =
        status === 'Complete'
          ? paymentRequest.fields.SuccessUrl
          : status === 'Cancelled'
            ? paymentRequest.fields.CancelUrl
            : paymentRequest.fields.ErrorUrl;
      const target = new URL(back ?? '/', 'http://fake');
      for (const [name, value] of Object.entries(fake.resultFor(paymentRequest, status))) {
        target.searchParams.set(name, value);
      }
      return send(303, '', { location: back ? target.toString() : '/' });
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
