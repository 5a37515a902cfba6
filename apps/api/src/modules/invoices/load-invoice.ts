import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { TInvoice } from '@cloud-portal/contract/orders/generate-invoice';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { companies, companyAddresses } from '../../db/schema/company';
import { orders, paymentTransactions } from '../../db/schema/orders';
import { AppError } from '../../errors';
import { readCompanyLogo } from '../../pdf/company-logo';
import { renderReceiptPdf } from '../../pdf/receipt-pdf';
import { toInvoice, type ReceiptRecord } from './serializers';
import type { OwnerScope } from '../../tenancy/owner-scope';

/** The customer a receipt must belong to. */

export type RenderedReceipt = { fileName: string; pdf: Buffer };

const receiptNotFound = () => new AppError(404, orderMessages.receiptNotFound);

/**
 * The receipt of one paid order: an order that is `paid` and has its transaction row, with the
 * order, the transaction and the customer all of one company. Null when there is none.
 */
async function findReceipt(db: Database, condition: SQL): Promise<ReceiptRecord | null> {
  const [row] = await db
    .select({
      order: {
        id: orders.id,
        reference: orders.reference,
        kind: orders.kind,
        currency: orders.currency,
        costMinor: orders.costMinor,
        discountMinor: orders.discountMinor,
        taxMinor: orders.taxMinor,
        arrearsMinor: orders.arrearsMinor,
        totalMinor: orders.totalMinor,
        taxBasisPoints: orders.taxBasisPoints,
        taxBasis: orders.taxBasis,
        productName: orders.productName,
        lines: orders.lines,
        regionName: orders.regionName,
        periodDays: orders.periodDays,
        details: orders.details,
      },
      transaction: {
        transactionId: paymentTransactions.transactionId,
        paymentMode: paymentTransactions.paymentMode,
        currency: paymentTransactions.currency,
        amountMinor: paymentTransactions.amountMinor,
        isTest: paymentTransactions.isTest,
        receiptToken: paymentTransactions.receiptToken,
        createdAt: paymentTransactions.createdAt,
      },
      company: {
        id: companies.id,
        name: companies.name,
        logoPath: companies.logoPath,
        portalUrl: companies.portalUrl,
        websiteUrl: companies.websiteUrl,
        contactNumber: companies.contactNumber,
        country: companies.country,
        officeAddress: companies.officeAddress,
        city: companies.city,
        postalCode: companies.postalCode,
        vatNumber: companies.vatNumber,
        timeZone: companies.timeZone,
        primaryColor: companies.primaryColor,
      },
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        dialCode: customers.dialCode,
        mobileNumber: customers.mobileNumber,
        companyName: customers.companyName,
        vatNumber: customers.vatNumber,
        address: customers.address,
        city: customers.city,
        state: customers.state,
        postalCode: customers.postalCode,
        region: customers.region,
      },
    })
    .from(paymentTransactions)
    .innerJoin(
      orders,
      and(
        eq(orders.id, paymentTransactions.orderId),
        eq(orders.companyId, paymentTransactions.companyId),
        eq(orders.customerId, paymentTransactions.customerId),
      ),
    )
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(
      customers,
      and(eq(customers.id, orders.customerId), eq(customers.companyId, orders.companyId)),
    )
    .where(and(condition, eq(orders.status, 'paid')))
    .limit(1);
  if (!row) return null;

  const [firstAddress] = row.company.officeAddress
    ? []
    : await db
        .select({
          officeAddress: companyAddresses.officeAddress,
          city: companyAddresses.city,
          country: companyAddresses.country,
        })
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, row.company.id))
        .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id))
        .limit(1);
  return { ...row, firstAddress: firstAddress ?? null };
}

const ownedBy = (owner: OwnerScope) =>
  and(eq(orders.companyId, owner.companyId), eq(orders.customerId, owner.customerId))!;

async function findOwnedByPurchaseId(db: Database, owner: OwnerScope, orderId: number) {
  const record = await findReceipt(db, and(ownedBy(owner), eq(orders.id, orderId))!);
  if (!record) throw receiptNotFound();
  return record;
}

async function findOwnedByToken(db: Database, owner: OwnerScope, token: string) {
  const record = await findReceipt(
    db,
    and(ownedBy(owner), eq(paymentTransactions.receiptToken, token))!,
  );
  if (!record) throw receiptNotFound();
  return record;
}

/** POST /api/invoice/generateInvoice: the invoice of the customer's own paid purchase, else 404. */
export async function loadInvoiceByPurchaseId(
  db: Database,
  owner: OwnerScope,
  orderId: number,
): Promise<TInvoice> {
  return toInvoice(await findOwnedByPurchaseId(db, owner, orderId));
}

/** Order references are opaque; only filename-safe characters reach a file name. */
const receiptFileName = (reference: string) =>
  `receipt-${reference.replace(/[^A-Za-z0-9_-]/g, '') || 'order'}.pdf`;

async function renderRecord(
  record: ReceiptRecord,
  language: TLanguage,
  uploadsDir: string | undefined,
): Promise<RenderedReceipt> {
  const logo = uploadsDir ? await readCompanyLogo(uploadsDir, record.company.logoPath) : null;
  const pdf = await renderReceiptPdf(toInvoice(record), {
    language,
    timeZone: record.company.timeZone,
    logo,
    brandColor: record.company.primaryColor,
  });
  return { fileName: receiptFileName(record.order.reference), pdf };
}

/** GET /api/invoice/pdf/{token}: the customer's own receipt as a PDF (anyone else: 404). */
export async function renderReceiptByToken(
  db: Database,
  owner: OwnerScope,
  token: string,
  language: TLanguage,
  uploadsDir: string,
): Promise<RenderedReceipt> {
  return renderRecord(await findOwnedByToken(db, owner, token), language, uploadsDir);
}

/**
 * The receipt PDF of a paid order, for a job that already knows the order (the purchase
 * confirmation mail): 404 AppError when the order is not paid. With `uploadsDir` the company's
 * logo is drawn; without it, the company's name stands in its place.
 */
export async function renderReceiptForOrder(
  db: Database,
  orderId: number,
  language: TLanguage,
  options: { uploadsDir?: string } = {},
): Promise<RenderedReceipt> {
  const record = await findReceipt(db, eq(orders.id, orderId));
  if (!record) throw receiptNotFound();
  return renderRecord(record, language, options.uploadsDir);
}
