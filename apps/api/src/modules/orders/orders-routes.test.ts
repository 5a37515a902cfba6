import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { sendAtOnce } from '../../../test/support/http-burst';
import { notifications } from '../../db/schema/accounts';
import { orderEvents, orders, paymentTransactions, vmRequests } from '../../db/schema/orders';
import { expireOrder } from '../payments/apply-verdict';
import { handleInboundEvent } from '../payments/handle-inbound-event';
import { resolveCredentialsKey } from '../../lib/credentials-key';
import { createGatewayHttp } from '../../payments/gateway-http';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-queue';
import { createMailService } from '../../mail/mail-service';
import { mailOutbox } from '../../db/schema/mail';
import { sendPurchaseConfirmation } from './send-purchase-confirmation';

let t: Awaited<ReturnType<typeof createListeningTestApp>>;
type Customer = Awaited<ReturnType<typeof signUpAndLogIn>>;
let owner: Customer;
let stranger: Customer;
let products: Record<string, number>;
let regionIds: Record<string, number>;

beforeAll(async () => {
  t = await createListeningTestApp();
  owner = await signUpAndLogIn(t.app, t.smtp);
  stranger = await signUpAndLogIn(t.app, t.smtp);
  const data = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 48 })).json().data;
  products = Object.fromEntries(
    [...data.VMProducts, ...data.GoldVMData].map(
      (card: { productName: string; productID: number }) => [card.productName, card.productID],
    ),
  );
  regionIds = Object.fromEntries(
    data.filterData.country.map((region: { name: string; ID: number }) => [region.name, region.ID]),
  );
});
afterAll(() => t.close());

const as = (customer: Customer, url: string, payload: object, origin = MAIN_ORIGIN) =>
  post(t.app, url, payload, { cookies: customer.cookies, headers: customer.csrf, origin });

/**
 * Ubuntu Starter (Johannesburg) at 4 GB / 100 GB / 2 vCPU for 90 days: 1260.00 less 72.00
 * discount, VAT on the discounted 1188.00 (the demo company taxes after discount) = 1366.20.
 */
const starterOrder = (overrides: object = {}) => ({
  productID: products['Ubuntu Starter'],
  productName: 'Ubuntu Starter',
  specification: [
    { type: 'memory', value: 4, unit: 'GB', price: '540.00' },
    { type: 'disk', value: 100, unit: 'GB', price: '360.00' },
    { type: 'processor', value: 2, unit: 'vCPU', price: '360.00' },
  ],
  region: regionIds['Johannesburg'],
  totalAmount: '1366.20',
  timePeriod: 90,
  paymentGateway: 'Sandbox Payment',
  byPassflag: 0,
  microsoftLicense: 0,
  ...overrides,
});

async function quoteOf(
  productName: string,
  memory: number,
  disk: number,
  processor: number,
  days: number,
) {
  const response = await as(owner, '/api/marketPlace/getVMQuote', {
    productID: products[productName],
    memory,
    disk,
    processor,
    timePeriod: days,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { totalPayable: string };
}

const orderRow = async (reference: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;

const countWhere = async (table: typeof paymentTransactions | typeof vmRequests, orderId: number) =>
  (await t.database.db.select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n;

async function createSandboxOrder(customer = owner) {
  const response = await as(customer, '/api/virtualMachine/CreateOrder', starterOrder());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { orderID: string; redirect_url: string };
}

function checkoutForm(html: string) {
  return /name="token" value="([^"]+)"/.exec(html)![1]!;
}

async function openCheckout(customer: Customer, orderID: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/payments/sandbox/${orderID}`,
    headers: { origin: MAIN_ORIGIN, host: 'localhost:3000' },
    cookies: customer.cookies,
  });
}

async function choose(customer: Customer, orderID: string, outcome: string, token?: string) {
  const page = token ? null : await openCheckout(customer, orderID);
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${orderID}`,
    headers: {
      origin: MAIN_ORIGIN,
      host: 'localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
    },
    cookies: customer.cookies,
    payload: new URLSearchParams({ outcome, token: token ?? checkoutForm(page!.body) }).toString(),
  });
}

describe('CreateOrder', () => {
  it('prices on the server and answers the order with the sandbox checkout, never a secret', async () => {
    const response = await as(owner, '/api/virtualMachine/CreateOrder', starterOrder());
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      status: 'pending',
      commingFrom: 1,
      paymentMode: 'Sandbox Payment',
      amount: '1366.20',
      currencyCode: 'ZAR',
      cost: '1260.00',
      discount: '72.00',
      tax: '178.20',
      taxPercent: 15,
      taxBasis: 'afterDiscount',
      isTaxInvoice: 0,
      licenceRequired: 0,
      form: null,
      bankReference: 'VM Purchase',
    });
    expect(data.orderID).toMatch(/^CP[0-9A-Z]{16}$/);
    expect(data.redirect_url).toBe(`${MAIN_ORIGIN}/api/payments/sandbox/${data.orderID}`);
    expect(response.body).not.toMatch(/secret|merchant_key|passphrase|privateKey|hashKey/i);
    const row = await orderRow(data.orderID);
    expect(row).toMatchObject({
      totalMinor: 136620,
      chargeTotalMinor: 136620,
      taxBasis: 'afterDiscount',
    });
  });

  it('refuses a total that is not the server quote with 409 and the quote', async () => {
    const response = await as(
      owner,
      '/api/virtualMachine/CreateOrder',
      starterOrder({ totalAmount: '1.00' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().data.quote.totalPayable).toBe('1366.20');
  });

  it('needs exactly three specification entries, one of each', async () => {
    const two = starterOrder();
    two.specification = two.specification.slice(0, 2);
    expect((await as(owner, '/api/virtualMachine/CreateOrder', two)).statusCode).toBe(400);
    const twice = starterOrder();
    twice.specification[2] = { ...twice.specification[0]! };
    expect((await as(owner, '/api/virtualMachine/CreateOrder', twice)).statusCode).toBe(400);
  });

  it('refuses a gateway the company cannot take or the product does not offer', async () => {
    // The demo company holds no PayPal credentials and no Ozow API key (ADR 016, issue 25).
    for (const gateway of ['Paypal Payment', 'Ozow Payment', 'PesaPal Payment', 'Nonsense Pay']) {
      const response = await as(
        owner,
        '/api/virtualMachine/CreateOrder',
        starterOrder({ paymentGateway: gateway }),
      );
      expect(response.statusCode, gateway).toBe(400);
      expect(response.json().message).toBe('This payment gateway is not offered for this product');
    }
  });

  it('refuses byPassflag 1 on a product that must be paid, and completes a bypass product at once', async () => {
    expect(
      (
        await as(
          owner,
          '/api/virtualMachine/CreateOrder',
          starterOrder({ byPassflag: 1, paymentGateway: '' }),
        )
      ).statusCode,
    ).toBe(422);
    const quote = await quoteOf('Custom GPU-ready Ubuntu', 32, 500, 8, 30);
    const response = await as(owner, '/api/virtualMachine/CreateOrder', {
      productID: products['Custom GPU-ready Ubuntu'],
      specification: [
        { type: 'Memory', value: 32 },
        { type: 'Disk', value: 500 },
        { type: 'Processor', value: 8 },
      ],
      region: regionIds['Johannesburg'],
      totalAmount: quote.totalPayable,
      timePeriod: 30,
      byPassflag: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'paid', byPassFlag: 1, redirect_url: null, form: null });
    const row = await orderRow(data.orderID);
    expect(await countWhere(paymentTransactions, row.id)).toBe(1);
    expect(await countWhere(vmRequests, row.id)).toBe(1);
  });

  it('asks for the licence before payment on a licence product, and takes only a PDF', async () => {
    const quote = await quoteOf('Windows Server Standard', 8, 120, 4, 30);
    const created = await as(owner, '/api/virtualMachine/CreateOrder', {
      productID: products['Windows Server Standard'],
      specification: [
        { type: 'memory', value: 8 },
        { type: 'disk', value: 120 },
        { type: 'processor', value: 4 },
      ],
      region: 0,
      totalAmount: quote.totalPayable,
      timePeriod: 30,
      paymentGateway: 'Sandbox Payment',
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json().data;
    expect(order).toMatchObject({
      licenceRequired: 1,
      redirect_url: null,
      regionName: 'Cape Town',
    });

    const upload = (bytes: Buffer, customer = owner) => {
      const boundary = '----cp-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="orderID"\r\n\r\n${order.orderID}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="vmName"\r\n\r\nWindows\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/virtualMachine/uploadCustomerLicense',
        headers: {
          origin: MAIN_ORIGIN,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...customer.csrf,
        },
        cookies: customer.cookies,
        payload: body,
      });
    };
    const notPdf = await upload(Buffer.from('GIF89a not a pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The licence must be a PDF file');
    expect((await upload(Buffer.from('%PDF-1.4 stranger'), stranger)).statusCode).toBe(404);

    const uploaded = await upload(Buffer.from('%PDF-1.4\n% a licence\n%%EOF'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data.redirect_url).toContain(`/api/payments/sandbox/${order.orderID}`);
    const row = await orderRow(order.orderID);
    expect(row.licencePath).toMatch(/^licences\//);
    expect(fs.readFileSync(path.join(t.config.dataDir, row.licencePath!), 'latin1')).toContain(
      'a licence',
    );
  });
});

describe('the sandbox checkout and settlement', () => {
  it('shows the owner the brand, order and amount; anyone else gets 404', async () => {
    const { orderID } = await createSandboxOrder();
    const page = await openCheckout(owner, orderID);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain(orderID);
    expect(page.body).toContain('ZAR 1366.20');
    expect(page.body).toContain('Nimbus');
    expect((await openCheckout(stranger, orderID)).statusCode).toBe(404);
  });

  it('completes once: one transaction, one VM request, one notification, a receipt token', async () => {
    const { orderID } = await createSandboxOrder();
    const pending = await as(owner, '/api/virtualMachine/getOrderStatus', { orderID });
    expect(pending.json().data).toMatchObject({ status: 'pending', receiptToken: null });

    const token = checkoutForm((await openCheckout(owner, orderID)).body);
    const done = await choose(owner, orderID, 'complete', token);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${MAIN_ORIGIN}/transaction-status/1?orderID=${orderID}`);
    const status = (await as(owner, '/api/virtualMachine/getOrderStatus', { orderID })).json().data;
    expect(status).toMatchObject({ status: 'paid', gateway: 'Sandbox Payment', amount: '1366.20' });
    expect(status.receiptToken).toMatch(/^[\w-]{43}$/);

    // The page's buttons again: the order is settled, nothing more happens.
    const again = await choose(owner, orderID, 'complete', token);
    expect(again.statusCode).toBe(303);
    const row = await orderRow(orderID);
    expect(await countWhere(paymentTransactions, row.id)).toBe(1);
    expect(await countWhere(vmRequests, row.id)).toBe(1);
    const [bell] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.customerId, owner.id),
          sql`${notifications.detail} like ${`%${orderID}%`}`,
        ),
      );
    expect(bell!.n).toBe(1);
    const jobs = await t.database.db.execute(
      sql`select name from pgboss.job where data->>'orderId' = ${String(row.id)} and name in ('vm-request','purchase-confirmation') and data->>'isRecheck' is null`,
    );
    expect(
      (jobs as unknown as { rows: { name: string }[] }).rows.map((job) => job.name).sort(),
    ).toEqual(['purchase-confirmation', 'vm-request']);
  });

  it('mails the buyer once, in the order language, with the receipt PDF attached', async () => {
    const { orderID } = await createSandboxOrder();
    await choose(owner, orderID, 'complete');
    const mail = await t.smtp.waitFor(
      (received) => received.to.includes(owner.email) && received.subject.includes(orderID),
      15_000,
    );
    expect(mail.subject).toBe(`Nimbus Africa Cloud: payment received for order ${orderID}`);
    expect(mail.text).toContain('ZAR 1366.20');
    expect(mail.text).not.toMatch(/password/i);
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        contentType: 'application/pdf',
        filename: expect.stringMatching(/\.pdf$/),
      }),
    ]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);

    // The job again (a retry, or two processes at once): the order is marked, nothing is queued.
    const refusingJobs = {
      send: () => Promise.reject(new Error('a second confirmation was queued')),
    } as unknown as JobQueue;
    const again = {
      db: t.database.db,
      mail: createMailService(t.database.db, refusingJobs, 'x@y.z'),
    };
    const row = await orderRow(orderID);
    await Promise.all([
      sendPurchaseConfirmation(
        { ...again, dataDir: t.config.dataDir, uploadsDir: t.config.uploadsDir },
        row.id,
      ),
      sendPurchaseConfirmation(
        { ...again, dataDir: t.config.dataDir, uploadsDir: t.config.uploadsDir },
        row.id,
      ),
    ]);
    const mails = await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, `purchase-confirmation-${orderID}`));
    expect(mails[0]!.n).toBe(1);
  });

  it('fails and cancels with the stored message; a forged form token changes nothing', async () => {
    const failing = await createSandboxOrder();
    expect((await choose(owner, failing.orderID, 'complete', 'forged')).statusCode).toBe(404);
    // The order's own session is not enough without the page's token, nor a token of another order.
    const other = await createSandboxOrder();
    const otherToken = checkoutForm((await openCheckout(owner, other.orderID)).body);
    expect((await choose(owner, failing.orderID, 'complete', otherToken)).statusCode).toBe(404);
    expect((await orderRow(failing.orderID)).status).toBe('pending');
    await choose(owner, failing.orderID, 'fail');
    const failed = (
      await as(owner, '/api/virtualMachine/getOrderStatus', { orderID: failing.orderID })
    ).json().data;
    expect(failed).toMatchObject({
      status: 'failed',
      message: 'The sandbox declined the payment.',
      receiptToken: null,
    });

    const cancelling = await createSandboxOrder();
    await choose(owner, cancelling.orderID, 'cancel');
    expect((await orderRow(cancelling.orderID)).status).toBe('cancelled');
  });

  it('logs a notification with a bad signature as rejected and leaves the order pending', async () => {
    const { orderID } = await createSandboxOrder();
    const outcome = await handleInboundEvent(
      {
        db: t.database.db,
        jobs: undefined as never,
        credentialsKey: resolveCredentialsKey(t.config),
        gatewayHttp: createGatewayHttp(),
      },
      'Sandbox Payment',
      {
        fields: [
          ['reference', orderID],
          ['outcome', 'complete'],
          ['amount', '136620'],
          ['currency', 'ZAR'],
          ['transactionId', 'X'],
          ['signature', 'forged'],
        ],
        json: null,
        query: {},
        headers: {},
        sourceAddress: '203.0.113.9',
      },
    );
    expect(outcome).toEqual({ verdict: 'rejected', settled: false });
    const row = await orderRow(orderID);
    expect(row.status).toBe('pending');
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id));
    expect(events.map((event) => [event.verdict, event.detail])).toEqual([
      ['rejected', 'signature mismatch'],
    ]);
  });

  it('expires a pending order at its time; a payment verified later still settles it', async () => {
    const { orderID } = await createSandboxOrder();
    const row = await orderRow(orderID);
    expect(await expireOrder(t.database.db, row.id)).toBe(false); // not yet
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, row.id));
    expect(await expireOrder(t.database.db, row.id)).toBe(true);
    expect(
      (await as(owner, '/api/virtualMachine/getOrderStatus', { orderID })).json().data,
    ).toMatchObject({
      status: 'expired',
      message: 'This order has expired. Please start your purchase again.',
    });
    // The checkout page no longer takes a choice.
    expect((await openCheckout(owner, orderID)).body).toContain('This order has expired');
  });

  it('answers getOrderStatus and transactionApi for the owner only', async () => {
    const { orderID } = await createSandboxOrder();
    expect((await as(stranger, '/api/virtualMachine/getOrderStatus', { orderID })).statusCode).toBe(
      404,
    );
    expect(
      (await as(owner, '/api/virtualMachine/getOrderStatus', { orderID }, SECOND_ORIGIN))
        .statusCode,
    ).toBe(403);
    const returned = await as(owner, '/api/virtualMachine/transactionApi', {
      orderID,
      status: 'Complete',
    });
    // The browser's word is not a verdict: the sandbox settles only through its notification.
    expect(returned.json().data.status).toBe('pending');
    expect((await as(stranger, '/api/virtualMachine/transactionApi', { orderID })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/virtualMachine/getOrderStatus',
          payload: { orderID },
          headers: { origin: MAIN_ORIGIN },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('settlement under concurrency', () => {
  it('settles 50 identical completions sent at once exactly once', async () => {
    const { orderID } = await createSandboxOrder();
    const token = checkoutForm((await openCheckout(owner, orderID)).body);
    const cookie = Object.entries(owner.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const answers = await sendAtOnce(
      t.port,
      Array.from({ length: 50 }, (_, index) => ({
        path: `/api/payments/sandbox/${orderID}`,
        body: { outcome: 'complete', token },
        headers: {
          origin: `http://localhost:3000`,
          cookie,
          'x-forwarded-for': `10.9.0.${index + 1}`,
        },
      })),
    );
    expect(answers.every((answer) => answer.status === 303 || answer.status === 200)).toBe(true);
    const row = await orderRow(orderID);
    expect(row.status).toBe('paid');
    expect(await countWhere(paymentTransactions, row.id)).toBe(1);
    expect(await countWhere(vmRequests, row.id)).toBe(1);
    const jobs = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where data->>'orderId' = ${String(row.id)} and name = 'purchase-confirmation'`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id));
    expect(events.filter((event) => event.verdict === 'paid').length).toBeGreaterThanOrEqual(1);
  });
});
