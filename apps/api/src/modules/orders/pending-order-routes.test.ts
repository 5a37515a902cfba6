import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { createListeningTestApp, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { sendAtOnce } from '../../../test/support/http-burst';
import { ubuntuStarterOrder } from '../../../test/support/starter-order';
import { orderEvents, orders, paymentTransactions, vmRequests } from '../../db/schema/orders';
import { resolveCredentialsKey } from '../../lib/credentials-key';
import { createGatewayHttp } from '../../payments/gateway-http';
import { loadGatewaySettings } from '../../payments/gateway-settings';
import { signSandboxNotification } from '../../payments/gateways/sandbox';
import { handleInboundEvent } from '../payments/handle-inbound-event';

let t: Awaited<ReturnType<typeof createListeningTestApp>>;
type Customer = Awaited<ReturnType<typeof signUpAndLogIn>>;
let owner: Customer;
let stranger: Customer;
let foreigner: Customer;
let order: Record<string, unknown>;

beforeAll(async () => {
  t = await createListeningTestApp();
  owner = await signUpAndLogIn(t.app, t.smtp);
  stranger = await signUpAndLogIn(t.app, t.smtp);
  foreigner = await signUpAndLogIn(t.app, t.smtp, {}, SECOND_ORIGIN);
  order = await ubuntuStarterOrder(t.app);
});
afterAll(() => t.close());

const as = (customer: Customer, url: string, payload: object, origin = MAIN_ORIGIN) =>
  post(t.app, url, payload, { cookies: customer.cookies, headers: customer.csrf, origin });

async function createSandboxOrder(customer = owner) {
  const response = await as(customer, '/api/virtualMachine/CreateOrder', order);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.orderID as string;
}

const orderRow = async (reference: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;

const countOf = async (table: typeof paymentTransactions | typeof vmRequests, orderId: number) =>
  (await t.database.db.select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n;

async function checkoutToken(customer: Customer, reference: string) {
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/payments/sandbox/${reference}`,
    headers: { origin: MAIN_ORIGIN, host: 'localhost:3000' },
    cookies: customer.cookies,
  });
  return /name="token" value="([^"]+)"/.exec(page.body)![1]!;
}

async function chooseAtSandbox(
  customer: Customer,
  reference: string,
  outcome: string,
  token?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${reference}`,
    headers: {
      origin: MAIN_ORIGIN,
      host: 'localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
    },
    cookies: customer.cookies,
    payload: new URLSearchParams({
      outcome,
      token: token ?? (await checkoutToken(customer, reference)),
    }).toString(),
  });
}

/** The gateway's verified word that the order was paid (a notification), whatever its status. */
async function verifiedPayment(reference: string) {
  const row = await orderRow(reference);
  const settings = await loadGatewaySettings(
    t.database.db,
    resolveCredentialsKey(t.config),
    row.companyId,
    'Sandbox Payment',
  );
  return handleInboundEvent(
    {
      db: t.database.db,
      jobs: t.jobs,
      credentialsKey: resolveCredentialsKey(t.config),
      gatewayHttp: createGatewayHttp(),
    },
    'Sandbox Payment',
    {
      fields: signSandboxNotification(settings!.credentials.secret!, {
        reference,
        outcome: 'complete',
        amount: String(row.chargeTotalMinor),
        currency: row.chargeCurrency,
        transactionId: `SBX-LATE-${reference}`,
      }),
      json: null,
      query: {},
      headers: {},
      sourceAddress: '127.0.0.1',
    },
  );
}

const expireNow = (reference: string) =>
  t.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.reference, reference));

describe('resumeOrderPayment', () => {
  it("answers the customer's own pending order with its invoice and the gateway's checkout again", async () => {
    const reference = await createSandboxOrder();
    const response = await as(owner, '/api/virtualMachine/resumeOrderPayment', {
      orderID: reference,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      orderID: reference,
      status: 'pending',
      commingFrom: 1,
      paymentMode: 'Sandbox Payment',
      amount: '1366.20',
      vmIDs: [],
    });
    expect(data.redirect_url).toMatch(new RegExp(`/api/payments/sandbox/${reference}$`));
    // The checkout it leads to still takes the payment.
    expect((await chooseAtSandbox(owner, reference, 'complete')).statusCode).toBe(303);
    expect((await orderRow(reference)).status).toBe('paid');
  });

  it("answers 404 for another customer's order, of this company or another", async () => {
    const reference = await createSandboxOrder();
    const byStranger = await as(stranger, '/api/virtualMachine/resumeOrderPayment', {
      orderID: reference,
    });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(orderMessages.orderNotFound);
    const byForeigner = await as(
      foreigner,
      '/api/virtualMachine/resumeOrderPayment',
      { orderID: reference },
      SECOND_ORIGIN,
    );
    expect(byForeigner.statusCode).toBe(404);
    // The owner's session is not one of the other company's.
    const elsewhere = await as(
      owner,
      '/api/virtualMachine/resumeOrderPayment',
      { orderID: reference },
      SECOND_ORIGIN,
    );
    expect([401, 403, 404]).toContain(elsewhere.statusCode);
    expect((await orderRow(reference)).status).toBe('pending');
  });

  it('refuses an expired order (and expires one past its time), a paid one and a cancelled one', async () => {
    const late = await createSandboxOrder();
    await expireNow(late);
    const expired = await as(owner, '/api/virtualMachine/resumeOrderPayment', { orderID: late });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(orderMessages.orderExpired);
    expect((await orderRow(late)).status).toBe('expired');

    const paid = await createSandboxOrder();
    await chooseAtSandbox(owner, paid, 'complete');
    const again = await as(owner, '/api/virtualMachine/resumeOrderPayment', { orderID: paid });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(orderMessages.orderAlreadyPaid);

    const cancelled = await createSandboxOrder();
    await as(owner, '/api/virtualMachine/cancelOrder', { orderID: cancelled });
    const closed = await as(owner, '/api/virtualMachine/resumeOrderPayment', {
      orderID: cancelled,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(orderMessages.orderClosed);
  });
});

describe('cancelOrder', () => {
  it("cancels the customer's own pending order once, and logs it", async () => {
    const reference = await createSandboxOrder();
    const token = await checkoutToken(owner, reference);
    const response = await as(owner, '/api/virtualMachine/cancelOrder', { orderID: reference });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ orderID: reference, status: 'cancelled' });
    const row = await orderRow(reference);
    expect(row.status).toBe('cancelled');
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id));
    expect(events.map((event) => [event.source, event.verdict])).toContainEqual([
      'customer',
      'cancelled',
    ]);
    const twice = await as(owner, '/api/virtualMachine/cancelOrder', { orderID: reference });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(orderMessages.orderClosed);
    // The Sandbox's checkout, opened before, no longer takes a payment for it.
    expect((await chooseAtSandbox(owner, reference, 'complete', token)).statusCode).toBe(303);
    expect((await orderRow(reference)).status).toBe('cancelled');
  });

  it("answers 404 for another customer's order, of this company or another, and leaves it pending", async () => {
    const reference = await createSandboxOrder();
    expect(
      (await as(stranger, '/api/virtualMachine/cancelOrder', { orderID: reference })).statusCode,
    ).toBe(404);
    expect(
      (
        await as(
          foreigner,
          '/api/virtualMachine/cancelOrder',
          { orderID: reference },
          SECOND_ORIGIN,
        )
      ).statusCode,
    ).toBe(404);
    expect((await orderRow(reference)).status).toBe('pending');
  });

  it('refuses a paid order and an expired one', async () => {
    const paid = await createSandboxOrder();
    await chooseAtSandbox(owner, paid, 'complete');
    const refused = await as(owner, '/api/virtualMachine/cancelOrder', { orderID: paid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderMessages.orderAlreadyPaid);
    expect((await orderRow(paid)).status).toBe('paid');

    const late = await createSandboxOrder();
    await expireNow(late);
    const expired = await as(owner, '/api/virtualMachine/cancelOrder', { orderID: late });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(orderMessages.orderExpired);
    expect((await orderRow(late)).status).toBe('expired');
  });

  it('honours a payment the gateway confirms after the cancel (the money was taken)', async () => {
    const reference = await createSandboxOrder();
    await as(owner, '/api/virtualMachine/cancelOrder', { orderID: reference });
    const outcome = await verifiedPayment(reference);
    expect(outcome.verdict).toBe('paid');
    const row = await orderRow(reference);
    expect(row.status).toBe('paid');
    expect(await countOf(paymentTransactions, row.id)).toBe(1);
    expect(await countOf(vmRequests, row.id)).toBe(1);
  });

  it('never loses a payment to a cancel sent at the same moment', async () => {
    const cookie = Object.entries(owner.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round += 1) {
      const reference = await createSandboxOrder();
      const token = await checkoutToken(owner, reference);
      const [pay, cancel] = await sendAtOnce(t.port, [
        {
          path: `/api/payments/sandbox/${reference}`,
          body: { outcome: 'complete', token },
          headers: { origin: MAIN_ORIGIN, cookie, 'x-forwarded-for': `10.8.${round}.1` },
        },
        {
          path: '/api/virtualMachine/cancelOrder',
          body: { orderID: reference },
          headers: {
            origin: MAIN_ORIGIN,
            cookie,
            ...owner.csrf,
            'x-forwarded-for': `10.8.${round}.2`,
          },
        },
      ]);
      expect(pay!.status).toBe(303);
      expect([200, 409]).toContain(cancel!.status);
      const row = await orderRow(reference);
      const events = await t.database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row.id));
      const paymentTaken = events.some((event) => event.verdict === 'paid');
      // A payment the gateway took always ends paid, with one transaction and one VM request;
      // an order no payment reached ends cancelled, with neither.
      expect(row.status).toBe(paymentTaken ? 'paid' : 'cancelled');
      expect(await countOf(paymentTransactions, row.id)).toBe(paymentTaken ? 1 : 0);
      expect(await countOf(vmRequests, row.id)).toBe(paymentTaken ? 1 : 0);
      // The cancel's answer is the truth at its moment: refused only because the order was paid.
      if (cancel!.status === 409) {
        expect(cancel!.json().message).toBe(orderMessages.orderAlreadyPaid);
        expect(row.status).toBe('paid');
      }
      outcomes.add(`${cancel!.status}:${row.status}`);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});

describe('purchase history of pending orders', () => {
  it('offers a pending order until it expires, and reads one past its time as Expired', async () => {
    const customer = await signUpAndLogIn(t.app, t.smtp);
    const open = await createSandboxOrder(customer);
    const late = await createSandboxOrder(customer);
    await expireNow(late);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/purchaseHistory?page=1',
      headers: { origin: MAIN_ORIGIN },
      cookies: customer.cookies,
    });
    expect(page.statusCode).toBe(200);
    const rows = page.json().data.rows as Record<string, unknown>[];
    const byReference = new Map(rows.map((row) => [row.orderID, row]));
    expect(byReference.get(open)).toMatchObject({
      transactionStatus: 'Pending',
      commingFrom: 1,
      payableUntil: (await orderRow(open)).expiresAt.toISOString(),
    });
    expect(byReference.get(late)).toMatchObject({
      transactionStatus: 'Expired',
      payableUntil: null,
    });
  });
});

describe('getOrderStatus names what was bought', () => {
  it('tells a snapshot from a clone, and each other kind', async () => {
    const reference = await createSandboxOrder();
    const status = async () =>
      (await as(owner, '/api/virtualMachine/getOrderStatus', { orderID: reference })).json().data;
    expect((await status()).purchaseKind).toBe('newPurchase');
    const cases: [number, object | null, string][] = [
      [2, { backupKind: 'Snapshot' }, 'snapshot'],
      [2, { backupKind: 'Clone' }, 'clone'],
      [3, null, 'renew'],
      [4, { updateType: 'Disk' }, 'update'],
      [5, null, 'multiRenew'],
    ];
    for (const [kind, details, expected] of cases) {
      await t.database.db.execute(
        sql`UPDATE ${orders} SET kind = ${kind}, details = ${details === null ? null : JSON.stringify(details)}::jsonb WHERE reference = ${reference}`,
      );
      expect((await status()).purchaseKind).toBe(expected);
    }
  });
});
