import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@cloud-portal/contract/orders/order-status';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post } from '../../../test/support/accounts';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../test/support/signed-in-customer';
import { orders, paymentTransactions, type OrderDetails } from '../../db/schema/orders';
import { randomToken } from '../../lib/tokens';
import { readPdf, squash } from '../../../test/support/read-pdf-text';
import { renderReceiptForOrder } from './load-invoice';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;

let nextReference = 0;
const PAID_AT = new Date('2026-11-22T23:30:00.000Z');

type OrderSeed = {
  status?: OrderStatus;
  kind?: number;
  /** A payment_transactions row: the order's receipt. */
  transaction?: { isTest: boolean; currency?: string; amountMinor?: number };
  details?: OrderDetails;
  regionName?: string | null;
  productName?: string;
};

/**
 * Ubuntu Starter at 4 GB / 100 GB / 2 vCPU for 90 days: 1260.00 less 72.00 discount, VAT 15 %
 * on the discounted 1188.00 (the demo company taxes after discount) = 178.20, total 1366.20.
 */
async function insertOrder(customer: Customer, seed: OrderSeed = {}) {
  const db = t.database.db;
  const reference = `CPTEST${customer.id}X${++nextReference}`;
  const [order] = await db
    .insert(orders)
    .values({
      reference,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: seed.kind ?? 1,
      status: seed.status ?? (seed.transaction ? 'paid' : 'pending'),
      gateway: 'PayFast Payment',
      isTest: seed.transaction?.isTest ?? true,
      currency: 'ZAR',
      costMinor: 126_000,
      discountMinor: 7_200,
      taxMinor: 17_820,
      totalMinor: 136_620,
      taxBasisPoints: 1500,
      taxBasis: 'afterDiscount',
      chargeCurrency: seed.transaction?.currency ?? 'ZAR',
      chargeTotalMinor: seed.transaction?.amountMinor ?? 136_620,
      productName: seed.productName ?? 'Ubuntu Starter',
      operatingSystem: 'Ubuntu',
      lines: [
        { name: 'Memory', count: 4, unit: 'GB', costMinor: 54_000, discountMinor: 2_700 },
        { name: 'Disk', count: 100, unit: 'GB', costMinor: 36_000, discountMinor: 1_800 },
        { name: 'Processor', count: 2, unit: 'vCPU', costMinor: 36_000, discountMinor: 2_700 },
      ],
      regionName: seed.regionName === undefined ? 'Johannesburg' : seed.regionName,
      periodDays: 90,
      details: seed.details ?? null,
      expiresAt: new Date(PAID_AT.getTime() + 3_600_000),
      createdAt: PAID_AT,
      settledAt: seed.transaction ? PAID_AT : null,
    })
    .returning({ id: orders.id });
  let receiptToken: string | null = null;
  if (seed.transaction) {
    receiptToken = randomToken();
    await db.insert(paymentTransactions).values({
      orderId: order!.id,
      companyId: customer.companyId,
      customerId: customer.id,
      transactionId: `PF-${nextReference}`,
      paymentMode: 'PayFast Payment',
      currency: seed.transaction.currency ?? 'ZAR',
      amountMinor: seed.transaction.amountMinor ?? 136_620,
      isTest: seed.transaction.isTest,
      receiptToken,
      createdAt: PAID_AT,
    });
  }
  return { id: order!.id, reference, receiptToken: receiptToken! };
}

const generateInvoice = (customer: Customer, productID: unknown, origin = customer.origin) =>
  postAs(t.app, customer, '/api/invoice/generateInvoice', { productID }, origin);

const getPdf = (
  customer: Customer | null,
  token: string,
  headers: Record<string, string> = {},
  origin?: string,
) => getAs(t.app, customer, `/api/invoice/pdf/${encodeURIComponent(token)}`, origin, headers);

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
});
afterAll(() => t.close());

describe('POST /api/invoice/generateInvoice', () => {
  it("answers the invoice of the customer's own paid purchase", async () => {
    const purchase = await insertOrder(owner, { transaction: { isTest: false } });
    const response = await generateInvoice(owner, purchase.id);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.invoiceDetail).toEqual({
      orderID: purchase.reference,
      transactionDate: PAID_AT.toISOString(),
      endDate: '2027-02-20T23:30:00.000Z',
      vmName: 'Ubuntu Starter',
      region: 'Johannesburg',
      validity: 90,
      currencyCode: 'ZAR',
      cost: '1260.00',
      discount: '72.00',
      tax: 15,
      taxAmount: '178.20',
      totalCost: '1366.20',
      ram_Count: 4,
      ram_Unit: 'GB',
      cpu_Count: 2,
      disk_Count: 100,
      disk_Unit: 'GB',
      paymentMode: 'PayFast Payment',
      transactionID: expect.stringMatching(/^PF-\d+$/),
      isTestTransaction: 0,
      taxBasis: 'afterDiscount',
      receiptToken: purchase.receiptToken,
      commingFrom: 1,
      bankReference: 'VM Purchase',
      arrears: '0.00',
      chargedAmount: '1366.20',
      chargedCurrency: 'ZAR',
      lines: [
        { item: 'Memory', count: 4, unit: 'GB', price: '540.00', discount: '27.00' },
        { item: 'Disk', count: 100, unit: 'GB', price: '360.00', discount: '18.00' },
        { item: 'Processor', count: 2, unit: 'vCPU', price: '360.00', discount: '27.00' },
      ],
      machines: [],
    });
    expect(data.companyDetail).toEqual({
      companyName: 'Nimbus Africa Cloud',
      officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
      postalCode: '8001',
      city: 'Cape Town',
      country: 'South Africa',
      companyVATNumber: '4710293847',
      contactNo: '+27 21 555 0142',
      websiteUrl: 'https://www.nimbusafrica.example',
      imagePath: '/uploads/demo/nimbus-logo.svg',
    });
    expect(data.userDetails).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      emailID: owner.email,
      contactNo: '+27 825550199',
      address: '12 Long Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postalCode: '8001',
      companyName: 'Ubuntu Analytics',
      customerVatNumber: '4123456789',
      region: 'South Africa',
    });
  });

  it('marks a test payment, and a PayPal charge in USD, as they were made', async () => {
    const purchase = await insertOrder(owner, {
      transaction: { isTest: true, currency: 'USD', amountMinor: 8_607 },
    });
    const { data } = (await generateInvoice(owner, String(purchase.id))).json();
    expect(data.invoiceDetail).toMatchObject({
      isTestTransaction: 1,
      totalCost: '1366.20',
      currencyCode: 'ZAR',
      chargedAmount: '86.07',
      chargedCurrency: 'USD',
    });
  });

  it("answers 404 for a purchase that is unpaid, another customer's, another company's or unknown", async () => {
    const pending = await insertOrder(owner);
    const failed = await insertOrder(owner, { status: 'failed' });
    const neighbours = await insertOrder(neighbour, { transaction: { isTest: false } });
    const foreign = await insertOrder(foreigner, { transaction: { isTest: false } });
    for (const productID of [pending.id, failed.id, neighbours.id, foreign.id, 2_000_000_000]) {
      const response = await generateInvoice(owner, productID);
      expect(response.statusCode, String(productID)).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        message: 'This receipt does not exist',
        data: null,
      });
    }
    // The owners themselves see theirs.
    expect((await generateInvoice(neighbour, neighbours.id)).statusCode).toBe(200);
    expect((await generateInvoice(foreigner, foreign.id)).statusCode).toBe(200);
  });

  it('refuses a visitor, a call without the CSRF header, a session of another site and a bad ID', async () => {
    const purchase = await insertOrder(owner, { transaction: { isTest: false } });
    const visitor = await post(t.app, '/api/invoice/generateInvoice', { productID: purchase.id });
    expect(visitor.statusCode).toBe(401);
    const withoutCsrf = await post(
      t.app,
      '/api/invoice/generateInvoice',
      { productID: purchase.id },
      { cookies: owner.cookies },
    );
    expect(withoutCsrf.statusCode).toBe(403);
    expect((await generateInvoice(owner, purchase.id, SECOND_ORIGIN)).statusCode).toBe(403);
    for (const productID of [0, -1, 'abc', 1.5, null]) {
      expect((await generateInvoice(owner, productID)).statusCode, String(productID)).toBe(400);
    }
  });
});

describe('GET /api/invoice/pdf/{token}', () => {
  it("answers the owner's receipt as an inline A4 PDF that no cache keeps", async () => {
    const purchase = await insertOrder(owner, { transaction: { isTest: false } });
    const response = await getPdf(owner, purchase.receiptToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="receipt-${purchase.reference}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The demo company's SVG logo, rasterised.
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    const read = await readPdf(pdf);
    expect(read.size[0]).toBeCloseTo(595.28, 1);
    for (const expected of [
      'Receipt',
      'PAID',
      purchase.reference,
      'Nimbus Africa Cloud',
      'Thandi Nkosi',
      '23 Nov, 2026',
      'Tax (15% of the price after discount)',
      'ZAR 1366.20',
    ]) {
      expect(read.squashed, expected).toContain(squash(expected));
    }
    expect(read.text).not.toContain('Proforma');
  });

  it("writes the receipt in the page's language, and a test payment's as a Proforma Receipt", async () => {
    const live = await insertOrder(owner, { transaction: { isTest: false } });
    const korean = await readPdf(
      (await getPdf(owner, live.receiptToken, { 'accept-language': 'ko' })).rawPayload,
    );
    expect(korean.title).toBe(`영수증 ${live.reference}`);
    expect(korean.squashed).toContain(squash('2026년 11월 23일'));
    expect(korean.squashed).toContain(squash('세금 (할인 후 금액의 15%)'));

    const test = await insertOrder(owner, { transaction: { isTest: true } });
    const english = await readPdf((await getPdf(owner, test.receiptToken)).rawPayload);
    expect(english.title).toBe(`Proforma Receipt ${test.reference}`);
    expect(english.squashed).not.toContain('PAID');
    const koreanTest = await readPdf(
      (await getPdf(owner, test.receiptToken, { 'accept-language': 'ko-KR,ko;q=0.9' })).rawPayload,
    );
    expect(koreanTest.title).toBe(`가영수증 ${test.reference}`);
  });

  it('takes the language from ?lang= first, for the viewer and a new tab that send no page language', async () => {
    const live = await insertOrder(owner, { transaction: { isTest: false } });
    const url = (query: string) => `${encodeURIComponent(live.receiptToken)}${query}`;
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/pdf/${url('?lang=ko')}`,
      headers: { origin: MAIN_ORIGIN, 'accept-language': 'en' },
      cookies: owner.cookies,
    });
    expect((await readPdf(viaQuery.rawPayload)).title).toBe(`영수증 ${live.reference}`);
    const unknownLanguage = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/pdf/${url('?lang=xx')}`,
      headers: { origin: MAIN_ORIGIN, 'accept-language': 'ko' },
      cookies: owner.cookies,
    });
    expect((await readPdf(unknownLanguage.rawPayload)).title).toBe(`영수증 ${live.reference}`);
    const byDefault = await readPdf((await getPdf(owner, live.receiptToken)).rawPayload);
    expect(byDefault.title).toBe(`Receipt ${live.reference}`);
  });

  it("opens only its owner's receipt: anyone else, and any unknown token, gets 404", async () => {
    const mine = await insertOrder(owner, { transaction: { isTest: false } });
    const foreign = await insertOrder(foreigner, { transaction: { isTest: false } });

    for (const [customer, token] of [
      [neighbour, mine.receiptToken],
      [owner, foreign.receiptToken],
      [owner, randomToken()],
      [owner, 'not-a-token'],
      [owner, mine.reference],
    ] as const) {
      const response = await getPdf(customer, token);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        status: 404,
        message: 'This receipt does not exist',
        data: null,
      });
    }
    expect((await getPdf(null, mine.receiptToken)).statusCode).toBe(401);
    // A session of one company is no use on another company's site.
    expect((await getPdf(foreigner, foreign.receiptToken, {}, MAIN_ORIGIN)).statusCode).toBe(403);
    expect((await getPdf(foreigner, foreign.receiptToken)).statusCode).toBe(200);
  });
});

describe('a purchase named for what it is', () => {
  it('calls a snapshot a Snapshot and a clone a Clone, on the invoice and the receipt, in English and Korean', async () => {
    const snapshot = await insertOrder(owner, {
      kind: 2,
      details: { backupKind: 'Snapshot', durationCount: 1, durationType: 'Weekly' },
      transaction: { isTest: false },
    });
    const clone = await insertOrder(owner, {
      kind: 2,
      details: { backupKind: 'Clone', durationCount: 1, durationType: 'Weekly' },
      transaction: { isTest: false },
    });
    expect((await generateInvoice(owner, snapshot.id)).json().data.invoiceDetail).toMatchObject({
      commingFrom: 2,
      bankReference: 'Snapshot',
    });
    expect((await generateInvoice(owner, clone.id)).json().data.invoiceDetail).toMatchObject({
      commingFrom: 2,
      bankReference: 'Clone',
    });
    const english = await readPdf((await getPdf(owner, snapshot.receiptToken)).rawPayload);
    expect(english.squashed).toContain(squash('PURCHASE TYPE Snapshot'));
    expect(english.text).not.toContain('Clone');
    const korean = await readPdf(
      (await getPdf(owner, snapshot.receiptToken, { 'accept-language': 'ko' })).rawPayload,
    );
    expect(korean.squashed).toContain(squash('스냅샷'));
    expect(korean.squashed).not.toContain(squash('복제'));
    const cloneReceipt = await readPdf((await getPdf(owner, clone.receiptToken)).rawPayload);
    expect(cloneReceipt.squashed).toContain(squash('PURCHASE TYPE Clone'));
    expect(cloneReceipt.text).not.toContain('snapshot');

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/purchaseHistory',
      headers: { origin: owner.origin },
      cookies: owner.cookies,
    });
    const rows = history.json().data.rows as { orderID: string; bankReference: string }[];
    expect(rows.find((row) => row.orderID === snapshot.reference)?.bankReference).toBe('Snapshot');
    expect(rows.find((row) => row.orderID === clone.reference)?.bankReference).toBe('Clone');
  });
});

describe('a multi-renew invoice and receipt', () => {
  const machine = (
    vmName: string,
    regionName: string | null,
    days: number,
    lines: [number, number, number],
    arrearsMinor = 0,
  ) => ({
    vmId: 1,
    vmName,
    regionName,
    days,
    daysExtended: arrearsMinor > 0 ? 3 : 0,
    costMinor: lines[0] + lines[1] + lines[2],
    taxMinor: 0,
    arrearsMinor,
    lines: [
      { name: 'Memory' as const, count: 4, unit: 'GB', costMinor: lines[0], discountMinor: 0 },
      { name: 'Disk' as const, count: 100, unit: 'GB', costMinor: lines[1], discountMinor: 0 },
      { name: 'Processor' as const, count: 2, unit: 'vCPU', costMinor: lines[2], discountMinor: 0 },
    ],
  });

  it('lists each machine with its region, days and lines instead of one merged line per resource', async () => {
    const order = await insertOrder(owner, {
      kind: 5,
      productName: 'web-01, db-01',
      regionName: null,
      details: {
        machines: [
          machine('web-01', 'Johannesburg', 30, [18_000, 12_000, 12_000]),
          machine('db-01', 'Cape Town', 60, [15_000, 12_600, 12_000], 2_277),
        ],
      },
      transaction: { isTest: false },
    });
    const invoice = (await generateInvoice(owner, order.id)).json().data.invoiceDetail;
    expect(invoice.bankReference).toBe('Multi Renew');
    expect(invoice.machines).toEqual([
      {
        vmName: 'web-01',
        region: 'Johannesburg',
        days: 30,
        daysExtended: 0,
        cost: '420.00',
        tax: '0.00',
        arrears: '0.00',
        lines: [
          { item: 'Memory', count: 4, unit: 'GB', price: '180.00', discount: '0.00' },
          { item: 'Disk', count: 100, unit: 'GB', price: '120.00', discount: '0.00' },
          { item: 'Processor', count: 2, unit: 'vCPU', price: '120.00', discount: '0.00' },
        ],
      },
      expect.objectContaining({ vmName: 'db-01', region: 'Cape Town', days: 60, arrears: '22.77' }),
    ]);

    const read = await readPdf((await getPdf(owner, order.receiptToken)).rawPayload);
    for (const expected of [
      'Renewal of several machines',
      'web-01 · Johannesburg · 30 days',
      'Memory 4 GB ZAR 180.00',
      'db-01 · Cape Town · 60 days · Arrears ZAR 22.77',
      'Memory 4 GB ZAR 150.00',
      'Disk 100 GB ZAR 126.00',
    ]) {
      expect(read.squashed, expected).toContain(squash(expected));
    }
    // Not the merged lines of the order row, and no single period for machines of two.
    expect(read.squashed).not.toContain(squash('ZAR 540.00'));
    expect(read.text).not.toContain('Not set');
    expect(read.squashed).not.toContain(squash('PERIOD 90 days'));
  });
});

describe('renderReceiptForOrder (the purchase confirmation mail)', () => {
  it('renders a paid order in the language asked, and refuses an unpaid one', async () => {
    const purchase = await insertOrder(owner, { transaction: { isTest: false } });
    const receipt = await renderReceiptForOrder(t.database.db, purchase.id, 'ko', {
      uploadsDir: t.config.uploadsDir,
    });
    expect(receipt.fileName).toBe(`receipt-${purchase.reference}.pdf`);
    expect((await readPdf(receipt.pdf)).title).toBe(`영수증 ${purchase.reference}`);

    const pending = await insertOrder(owner);
    await expect(renderReceiptForOrder(t.database.db, pending.id, 'en')).rejects.toMatchObject({
      status: 404,
      message: 'This receipt does not exist',
    });
  });
});

describe('the API documentation', () => {
  it('describes both calls', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/invoice/generateInvoice'].post.tags).toEqual(['invoices']);
    const pdf = spec.paths['/api/invoice/pdf/{token}'].get;
    expect(pdf.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'token', in: 'path', required: true }),
        expect.objectContaining({ name: 'lang', in: 'query', required: false }),
      ]),
    );
    expect(pdf.tags).toEqual(['invoices']);
    expect(pdf.description).toContain('application/pdf');
  });
});
