import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  OZOW_GATEWAY,
  PAYFAST_GATEWAY,
  PAYPAL_GATEWAY,
  PESAPAL_GATEWAY,
} from '@cloud-portal/contract/orders/gateways';
import { customers } from '../../src/db/schema/accounts';
import { orderEvents, orders, paymentTransactions, vmRequests } from '../../src/db/schema/orders';
import { resolveCredentialsKey } from '../../src/lib/credentials-key';
import type { GatewayHttp } from '../../src/payments/gateway';
import { createGatewayHttp } from '../../src/payments/gateway-http';
import { saveGatewaySettings } from '../../src/payments/gateway-settings';
import { startFakeOzow } from '../vendors/ozow';
import { startFakePayfast } from '../vendors/payfast';
import { startFakePaypal } from '../vendors/paypal';
import { startFakePesapal } from '../vendors/pesapal';
import { post, signUpAndLogIn } from './accounts';
import { startSmtpReceiver } from './smtp-receiver';
import { createTestApp } from './test-app';

/**
 * The app with the demo company's four real gateways pointed at their local fakes
 * (test/vendors), a logged-in customer, and what the gateway route tests ask of both: orders made
 * through CreateOrder, where an order stands (status, rows, the verdicts of its log), the jobs it
 * queued, and a gateway deadline a test can shorten to play a slow gateway.
 */

export const PAYFAST_MERCHANT = {
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'jt7NOE43FZPn',
};
export const OZOW_SITE = {
  siteCode: 'TSTSTE0001',
  privateKey: '215114531AFF7134A94C88CEEA48E',
  apiKey: 'ozow-api-key-for-tests',
};

export type Configuration = {
  product: string;
  memory: number;
  disk: number;
  processor: number;
  days: number;
  region: string;
};
/** ZAR; offers Sandbox, PayFast, Ozow (with its API key) and PayPal (in USD once agreed). */
export const STARTER: Configuration = {
  product: 'Ubuntu Starter',
  memory: 4,
  disk: 100,
  processor: 2,
  days: 90,
  region: 'Johannesburg',
};
/** KES; offers Sandbox and PesaPal. */
export const NAIROBI: Configuration = {
  product: 'Ubuntu Nairobi',
  memory: 4,
  disk: 80,
  processor: 2,
  days: 30,
  region: 'Nairobi',
};

export type OrderAnswer = {
  orderID: string;
  amount: string;
  currencyCode: string;
  redirect_url: string | null;
  form: { action: string; method: string; fields: Record<string, string> } | null;
};

/** An order's status, its transaction and VM request rows, and its log as `verdict: detail`. */
export type Settlement = {
  status: string;
  transactions: number;
  vmRequests: number;
  events: string[];
};

export const paidOnce = { status: 'paid', transactions: 1, vmRequests: 1 } as const;
export const untouched = { status: 'pending', transactions: 0, vmRequests: 0 } as const;
export const cancelledOnly = {
  status: 'cancelled',
  transactions: 0,
  vmRequests: 0,
  events: ['cancelled'],
};

const NORMAL_DEADLINE_MS = 10_000;
/** Long enough for a local fake on a busy machine, short enough that a test can wait it out. */
const SHORT_DEADLINE_MS = 1_000;
/** How late a slow gateway answers: well past the short deadline. */
export const SLOW_ANSWER_MS = 3_000;

export type GatewayHarness = Awaited<ReturnType<typeof startGatewayHarness>>;

export async function startGatewayHarness() {
  const deadline = { ms: NORMAL_DEADLINE_MS };
  const gatewayHttp: GatewayHttp = (url, init) => createGatewayHttp(deadline.ms)(url, init);
  const [payfast, ozow, paypal, pesapal, smtp] = await Promise.all([
    startFakePayfast(PAYFAST_MERCHANT),
    startFakeOzow(OZOW_SITE),
    startFakePaypal(),
    startFakePesapal(),
    startSmtpReceiver(),
  ]);
  // TRUST_PROXY: a burst's notifications name their address in X-Forwarded-For, as behind a proxy.
  const t = await createTestApp(
    { SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
    { maxConnections: 24, gatewayHttp },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const db = t.database.db;
  const credentialsKey = resolveCredentialsKey(t.config);

  const owner = await signUpAndLogIn(t.app, smtp);
  const [customer] = await db
    .select({ companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.id, owner.id));
  const companyId = customer!.companyId;

  /** The demo company's gateways, each at its fake; `ozowApiKey: null` leaves Ozow's API key out. */
  async function pointGatewaysAtFakes(options: { ozowApiKey?: string | null } = {}) {
    const ozowApiKey = options.ozowApiKey === undefined ? OZOW_SITE.apiKey : options.ozowApiKey;
    await saveGatewaySettings(db, credentialsKey, companyId, PAYFAST_GATEWAY, {
      isTest: true,
      baseUrl: payfast.baseUrl,
      credentials: {
        merchant_id: PAYFAST_MERCHANT.merchantId,
        merchant_key: PAYFAST_MERCHANT.merchantKey,
        passphrase: PAYFAST_MERCHANT.passphrase,
      },
    });
    await saveGatewaySettings(db, credentialsKey, companyId, OZOW_GATEWAY, {
      isTest: true,
      baseUrl: ozow.baseUrl,
      credentials: {
        privateKey: OZOW_SITE.privateKey,
        ...(ozowApiKey ? { apiKey: ozowApiKey } : {}),
      },
      settings: { siteCode: OZOW_SITE.siteCode, apiBaseUrl: ozow.baseUrl },
    });
    await saveGatewaySettings(db, credentialsKey, companyId, PAYPAL_GATEWAY, {
      isTest: true,
      baseUrl: paypal.baseUrl,
      credentials: { clientId: paypal.clientId, clientSecret: paypal.clientSecret },
      settings: { webhookId: paypal.webhookId },
    });
    await saveGatewaySettings(db, credentialsKey, companyId, PESAPAL_GATEWAY, {
      isTest: true,
      baseUrl: pesapal.baseUrl,
      credentials: { consumer_key: pesapal.consumerKey, consumer_secret: pesapal.consumerSecret },
    });
  }
  await pointGatewaysAtFakes();

  /** A call of the logged-in customer. */
  const as = (url: string, payload: object) =>
    post(t.app, url, payload, { cookies: owner.cookies, headers: owner.csrf });

  const catalogue = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 48 })).json()
    .data;
  const products: Record<string, number> = Object.fromEntries(
    [...catalogue.VMProducts, ...catalogue.GoldVMData].map(
      (card: { productName: string; productID: number }) => [card.productName, card.productID],
    ),
  );
  const regionIds: Record<string, number> = Object.fromEntries(
    catalogue.filterData.country.map((region: { name: string; ID: number }) => [
      region.name,
      region.ID,
    ]),
  );
  const quotes = new Map<Configuration, string>();
  for (const configuration of [STARTER, NAIROBI]) {
    const quote = await as('/api/marketPlace/getVMQuote', {
      productID: products[configuration.product],
      memory: configuration.memory,
      disk: configuration.disk,
      processor: configuration.processor,
      timePeriod: configuration.days,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    quotes.set(configuration, quote.json().data.totalPayable);
  }
  /** The server's quote of a configuration: what CreateOrder must be sent and what is charged. */
  const quoteOf = (configuration: Configuration) => quotes.get(configuration)!;

  function createOrder(gateway: string, configuration = STARTER, extra: object = {}) {
    return as('/api/virtualMachine/CreateOrder', {
      productID: products[configuration.product],
      productName: configuration.product,
      specification: [
        { type: 'memory', value: configuration.memory },
        { type: 'disk', value: configuration.disk },
        { type: 'processor', value: configuration.processor },
      ],
      region: regionIds[configuration.region],
      totalAmount: quoteOf(configuration),
      timePeriod: configuration.days,
      paymentGateway: gateway,
      byPassflag: 0,
      microsoftLicense: 0,
      ...extra,
    });
  }

  async function createdOrder(gateway: string, configuration = STARTER, extra: object = {}) {
    const response = await createOrder(gateway, configuration, extra);
    expect(response.statusCode, response.body).toBe(200);
    return { response, order: response.json().data as OrderAnswer };
  }

  /** The browser posting an order's gateway form, as answered, to the gateway (the fake). */
  async function postForm(order: OrderAnswer) {
    const page = await fetch(order.form!.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(order.form!.fields)).toString(),
    });
    expect(page.status, await page.text()).toBe(200);
  }

  const orderRow = async (reference: string) =>
    (await db.select().from(orders).where(eq(orders.reference, reference)))[0]!;

  async function settlementOf(reference: string): Promise<Settlement> {
    const row = await orderRow(reference);
    const rows = async (table: typeof paymentTransactions | typeof vmRequests) =>
      (await db.select({ n: count() }).from(table).where(eq(table.orderId, row.id)))[0]!.n;
    const events = await db
      .select({ verdict: orderEvents.verdict, detail: orderEvents.detail })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(orderEvents.id);
    return {
      status: row.status,
      transactions: await rows(paymentTransactions),
      vmRequests: await rows(vmRequests),
      events: events.map((event) =>
        event.detail ? `${event.verdict}: ${event.detail}` : event.verdict,
      ),
    };
  }

  const countAllEvents = async () => (await db.select({ n: count() }).from(orderEvents))[0]!.n;

  const orderStatus = async (orderID: string) =>
    (await as('/api/virtualMachine/getOrderStatus', { orderID })).json().data as {
      orderID: string;
      status: string;
      receiptToken: string | null;
      transactionID: string | null;
    };

  /** The browser back from the gateway, posting the return's fields. */
  const transactionApi = (payload: Record<string, string>) =>
    as('/api/virtualMachine/transactionApi', payload);

  /** The jobs of `queue` about an order (pg-boss keeps completed ones). */
  async function jobsOf(queue: string, reference: string) {
    const row = await orderRow(reference);
    const result = await db.execute(
      sql`select data from pgboss.job where name = ${queue} and data->>'orderId' = ${String(row.id)} and data->>'isRecheck' is null`,
    );
    return (result as unknown as { rows: { data: { hint?: Record<string, string> } }[] }).rows;
  }

  async function waitForStatus(reference: string, status: string, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    while ((await orderRow(reference)).status !== status) {
      if (Date.now() > until) throw new Error(`order ${reference} did not become ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Runs `body` with the gateways given a second to answer (a slow one answers in SLOW_ANSWER_MS). */
  async function withShortDeadline(body: () => Promise<void>) {
    deadline.ms = SHORT_DEADLINE_MS;
    try {
      await body();
    } finally {
      deadline.ms = NORMAL_DEADLINE_MS;
    }
  }

  /** No gateway secret, nor a field that would name one, in an answer to the browser. */
  function expectNoSecret(body: string) {
    const secrets = [
      PAYFAST_MERCHANT.passphrase,
      OZOW_SITE.privateKey,
      OZOW_SITE.apiKey,
      paypal.clientSecret,
      pesapal.consumerSecret,
    ];
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(
      /passphrase|privateKey|hashKey|client_?secret|consumer_secret|apiKey/i,
    );
  }

  /**
   * Posts every form body on its own connection, all written in the same tick (as http-burst.ts
   * does for JSON), and answers the HTTP statuses in order.
   */
  async function sendFormsAtOnce(path: string, bodies: string[], headers: Record<string, string>) {
    const sockets = await Promise.all(
      bodies.map(
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((resolve, reject) => {
          const chunks: Buffer[] = [];
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          socket.once('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
          socket.once('error', reject);
        }),
    );
    sockets.forEach((socket, index) => {
      const body = bodies[index]!;
      const lines = [
        `POST ${path} HTTP/1.1`,
        'host: localhost:3000',
        'connection: close',
        'content-type: application/x-www-form-urlencoded',
        `content-length: ${Buffer.byteLength(body)}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    return (await Promise.all(answers)).map((raw) => Number(raw.split(' ')[1]));
  }

  return {
    app: t.app,
    db,
    owner,
    as,
    payfast,
    ozow,
    paypal,
    pesapal,
    pointGatewaysAtFakes,
    products,
    quoteOf,
    createOrder,
    createdOrder,
    postForm,
    orderRow,
    settlementOf,
    countAllEvents,
    orderStatus,
    transactionApi,
    jobsOf,
    waitForStatus,
    withShortDeadline,
    expectNoSecret,
    sendFormsAtOnce,
    close: async () => {
      await t.close();
      await Promise.all([payfast.stop(), ozow.stop(), paypal.stop(), pesapal.stop(), smtp.close()]);
    },
  };
}
