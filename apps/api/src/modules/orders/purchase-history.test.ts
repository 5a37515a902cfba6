import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_HISTORY_PAGE_SIZE } from '@cloud-portal/contract/orders/purchase-history';
import type { OrderStatus } from '@cloud-portal/contract/orders/order-status';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import {
  getAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../test/support/signed-in-customer';
import { orders, paymentTransactions } from '../../db/schema/orders';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;

const BASE_TIME = Date.parse('2025-03-04T08:00:00Z');
/** A pending order that can still be paid (the others of 2025 are past their time). */
const STILL_OPEN_UNTIL = new Date(Date.now() + 3_600_000);
const hoursLater = (hours: number) => new Date(BASE_TIME + hours * 3_600_000);
let nextReference = 0;

type OrderSeed = {
  kind?: number;
  status?: OrderStatus;
  gateway?: string | null;
  productName?: string;
  currency?: string;
  totalMinor?: number;
  createdAt: Date;
  /** When a pending order expires (an hour after createdAt unless given). */
  expiresAt?: Date;
  /** A payment_transactions row for the order (receipt token and transaction id). */
  transaction?: { id: string; paymentMode: string; receiptToken: string; createdAt: Date };
};

async function insertOrder(customer: Customer, seed: OrderSeed) {
  const db = t.database.db;
  const reference = `ORD-${customer.id}-${++nextReference}`;
  const total = seed.totalMinor ?? 123_456;
  const [order] = await db
    .insert(orders)
    .values({
      reference,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: seed.kind ?? 1,
      status: seed.status ?? 'pending',
      gateway: seed.gateway === undefined ? 'PayFast Payment' : seed.gateway,
      currency: seed.currency ?? 'ZAR',
      costMinor: total,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: total,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: seed.currency ?? 'ZAR',
      chargeTotalMinor: total,
      productName: seed.productName ?? 'Ubuntu Starter',
      operatingSystem: 'Ubuntu',
      lines: [],
      periodDays: 30,
      expiresAt: seed.expiresAt ?? new Date(seed.createdAt.getTime() + 3_600_000),
      createdAt: seed.createdAt,
    })
    .returning({ id: orders.id });
  if (seed.transaction) {
    await db.insert(paymentTransactions).values({
      orderId: order!.id,
      companyId: customer.companyId,
      customerId: customer.id,
      transactionId: seed.transaction.id,
      paymentMode: seed.transaction.paymentMode,
      currency: seed.currency ?? 'ZAR',
      amountMinor: total,
      isTest: true,
      receiptToken: seed.transaction.receiptToken,
      createdAt: seed.transaction.createdAt,
    });
  }
  return { id: order!.id, reference };
}

const get = (customer: Customer | null, url: string, origin?: string) =>
  getAs(t.app, customer, url, origin);

const historyPage = async (customer: Customer, page?: number) => {
  const response = await get(
    customer,
    `/api/profileSetting/purchaseHistory${page === undefined ? '' : `?page=${page}`}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    rows: { orderID: string; receiptToken: string | null; transactionStatus: string }[];
    total: number;
    page: number;
    pageSize: number;
  };
};

const allRows = async (customer: Customer) => {
  const pages = [];
  for (let page = 1; page <= 3; page++) pages.push(...(await historyPage(customer, page)).rows);
  return pages;
};

/** The owner's orders, newest first, as the history must list them. */
const ownerReferences: string[] = [];
let paidPurchase: { id: number; reference: string };
let pendingClone: { id: number; reference: string };
let failedWithTransaction: { id: number; reference: string };

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);

  const statuses: OrderStatus[] = ['paid', 'pending', 'failed', 'cancelled', 'expired'];
  const created: { reference: string; at: number; id: number }[] = [];
  for (let index = 0; index < 21; index++) {
    const status = statuses[index % statuses.length]!;
    const at = hoursLater(index * 2);
    const order = await insertOrder(owner, {
      kind: (index % 5) + 1,
      status,
      createdAt: at,
      transaction:
        status === 'paid'
          ? {
              id: `TX-${index}`,
              paymentMode: 'PayFast Payment',
              receiptToken: `receipt-${index}`,
              createdAt: new Date(at.getTime() + 60_000),
            }
          : undefined,
    });
    created.push({ ...order, at: at.getTime() });
    // Other people's purchases between the owner's, in the same company and in another one.
    await insertOrder(neighbour, { status: 'paid', createdAt: hoursLater(index * 2 + 1) });
    await insertOrder(foreigner, { status: 'paid', createdAt: hoursLater(index * 2 + 1) });
  }
  // Two purchases at the same instant: the later-inserted one is listed first, on every page.
  const tieAt = hoursLater(100);
  paidPurchase = await insertOrder(owner, {
    kind: 1,
    status: 'paid',
    productName: 'Windows Server Pro',
    currency: 'KES',
    totalMinor: 159_600,
    createdAt: tieAt,
    transaction: {
      id: 'PF-998877',
      paymentMode: 'PayFast Payment',
      receiptToken: 'tok_paid_purchase',
      createdAt: hoursLater(100.5),
    },
  });
  pendingClone = await insertOrder(owner, {
    kind: 2,
    status: 'pending',
    gateway: 'Ozow Payment',
    totalMinor: 5_005,
    createdAt: tieAt,
    expiresAt: STILL_OPEN_UNTIL,
  });
  // A transaction row beside an order that did not complete offers no receipt.
  failedWithTransaction = await insertOrder(owner, {
    kind: 3,
    status: 'failed',
    createdAt: hoursLater(-1),
    transaction: {
      id: 'TX-failed',
      paymentMode: 'PayFast Payment',
      receiptToken: 'tok_must_not_show',
      createdAt: hoursLater(-0.5),
    },
  });
  created.push(
    { ...paidPurchase, at: tieAt.getTime() },
    { ...pendingClone, at: tieAt.getTime() },
    { ...failedWithTransaction, at: hoursLater(-1).getTime() },
  );
  created.sort((a, b) => b.at - a.at || b.id - a.id);
  ownerReferences.push(...created.map((order) => order.reference));
});
afterAll(() => t.close());

describe('purchase history', () => {
  it('needs a signed-in customer of this site', async () => {
    const anonymous = await get(null, '/api/profileSetting/purchaseHistory');
    expect(anonymous.statusCode).toBe(401);
    // The foreign company's session sent to this company's site.
    const crossSite = await get(foreigner, '/api/profileSetting/purchaseHistory', MAIN_ORIGIN);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().data).toBeNull();
  });

  it('lists the newest purchases first, in the spec row shape, with the total', async () => {
    const response = await get(owner, '/api/profileSetting/purchaseHistory');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json().data;
    expect(page).toMatchObject({ total: 24, page: 1, pageSize: PURCHASE_HISTORY_PAGE_SIZE });
    expect(page.rows).toHaveLength(PURCHASE_HISTORY_PAGE_SIZE);
    expect(page.rows[0]).toEqual({
      ID: pendingClone.id,
      orderID: pendingClone.reference,
      vmName: 'Ubuntu Starter',
      bankReference: 'Clone',
      transactionID: null,
      transactionDate: hoursLater(100).toISOString(),
      currencyCode: 'ZAR',
      totalCost: '50.05',
      paymentMode: 'Ozow Payment',
      transactionStatus: 'Pending',
      updateID: null,
      isClone: 1,
      tempTblID: null,
      receiptToken: null,
      commingFrom: 2,
      payableUntil: STILL_OPEN_UNTIL.toISOString(),
    });
    expect(page.rows[1]).toEqual({
      ID: paidPurchase.id,
      orderID: paidPurchase.reference,
      vmName: 'Windows Server Pro',
      bankReference: 'VM Purchase',
      transactionID: 'PF-998877',
      transactionDate: hoursLater(100.5).toISOString(),
      currencyCode: 'KES',
      totalCost: '1596.00',
      paymentMode: 'PayFast Payment',
      transactionStatus: 'COMPLETED',
      updateID: null,
      isClone: 0,
      tempTblID: null,
      receiptToken: 'tok_paid_purchase',
      commingFrom: 1,
      payableUntil: null,
    });
  });

  it('pages through every purchase once, in order, and answers an empty page past the end', async () => {
    const pages = [
      await historyPage(owner, 1),
      await historyPage(owner, 2),
      await historyPage(owner, 3),
    ];
    expect(pages.map((page) => page.rows.length)).toEqual([10, 10, 4]);
    expect(pages.every((page) => page.total === 24)).toBe(true);
    expect(pages.flatMap((page) => page.rows.map((row) => row.orderID))).toEqual(ownerReferences);

    const pastTheEnd = await historyPage(owner, 9);
    expect(pastTheEnd).toEqual({ rows: [], total: 24, page: 9, pageSize: 10 });
  });

  it('offers a receipt token only for completed purchases, and names each status', async () => {
    const rows = await allRows(owner);
    expect(rows).toHaveLength(24);
    const statuses = new Set(rows.map((row) => row.transactionStatus));
    expect([...statuses].sort()).toEqual([
      'COMPLETED',
      'Cancelled',
      'Expired',
      'Failed',
      'Pending',
    ]);
    for (const row of rows) {
      if (row.transactionStatus === 'COMPLETED') expect(row.receiptToken).toMatch(/\S/);
      else expect(row.receiptToken).toBeNull();
    }
    const failed = rows.find((row) => row.orderID === failedWithTransaction.reference);
    expect(failed).toMatchObject({ transactionStatus: 'Failed', receiptToken: null });
  });

  it("shows nobody another customer's purchases, in the same company or another", async () => {
    for (const customer of [neighbour, foreigner]) {
      expect((await historyPage(customer)).total).toBe(21);
      const all = await allRows(customer);
      expect(all).toHaveLength(21);
      expect(all.some((row) => ownerReferences.includes(row.orderID))).toBe(false);
      expect(all.every((row) => row.orderID.startsWith(`ORD-${customer.id}-`))).toBe(true);
    }
  });

  it('answers an empty history for a customer who has bought nothing', async () => {
    const newcomer = await signUpCustomer(t, MAIN_ORIGIN);
    expect(await historyPage(newcomer)).toEqual({ rows: [], total: 0, page: 1, pageSize: 10 });
  });

  it('refuses a page that is not a positive whole number', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      const response = await get(owner, `/api/profileSetting/purchaseHistory?page=${page}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it("carries the first page in userProfileInfo as the spec's list, its paging beside it", async () => {
    const profile = await get(owner, '/api/profileSetting/userProfileInfo');
    expect(profile.statusCode).toBe(200);
    const { rows, ...paging } = await historyPage(owner, 1);
    expect(profile.json().data.purchaseHistory).toEqual(rows);
    expect(profile.json().data.purchaseHistoryPaging).toEqual(paging);
    const foreignProfile = (await get(foreigner, '/api/profileSetting/userProfileInfo')).json()
      .data;
    expect(foreignProfile.purchaseHistoryPaging.total).toBe(21);
    expect(foreignProfile.purchaseHistory).toHaveLength(10);
  });
});
