import { z } from 'zod';
import { zAmount } from '../marketplace/catalogue-schemas';

/** POST /api/invoice/generateInvoice { productID } (customers): productID is the purchase's ID. */
export const ZGenerateInvoiceRequest = z.object({
  productID: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** One bought line (Memory, Disk, Processor) as the receipt's table shows it. */
const ZInvoiceLine = z.object({
  item: z.enum(['Memory', 'Disk', 'Processor']),
  count: z.number(),
  unit: z.string(),
  price: zAmount,
  discount: zAmount,
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/**
 * One machine of a multi-renew order (comes-from 5): its name and region, the days it was
 * renewed for, its own lines and amounts. A receipt lists each instead of the summed lines.
 */
export const ZInvoiceMachine = z.object({
  vmName: z.string(),
  region: z.string().nullable(),
  days: z.number().int(),
  daysExtended: z.number().int(),
  cost: zAmount,
  tax: zAmount,
  arrears: zAmount,
  lines: z.array(ZInvoiceLine),
});
export type TInvoiceMachine = z.infer<typeof ZInvoiceMachine>;

/**
 * The invoice of vm-lifecycle.md §3, plus what a receipt needs beyond the spec's fields: the
 * order kind (`commingFrom`), the lines, the renewal arrears, what the gateway actually charged
 * (USD after a PayPal ZAR conversion) and the basis the tax was charged on (ADR 015). Dates are
 * ISO 8601; `endDate` is set for a new purchase only (its period starts when it is paid).
 */
export const ZInvoice = z.object({
  invoiceDetail: z.object({
    orderID: z.string(),
    transactionDate: z.string(),
    endDate: z.string().nullable(),
    vmName: z.string(),
    region: z.string().nullable(),
    validity: z.number().int(),
    currencyCode: z.string(),
    cost: zAmount,
    discount: zAmount,
    tax: z.number(),
    taxAmount: zAmount,
    totalCost: zAmount,
    ram_Count: z.number(),
    ram_Unit: z.string(),
    cpu_Count: z.number(),
    disk_Count: z.number(),
    disk_Unit: z.string(),
    paymentMode: z.string().nullable(),
    transactionID: z.string().nullable(),
    isTestTransaction: z.union([z.literal(0), z.literal(1)]),
    taxBasis: z.enum(['beforeDiscount', 'afterDiscount']),
    receiptToken: z.string().nullable(),
    commingFrom: z.number().int(),
    /** The purchase type (§2.7's bankReference): 'Snapshot' for a snapshot, not 'Clone'. */
    bankReference: z.string(),
    arrears: zAmount,
    chargedAmount: zAmount,
    chargedCurrency: z.string(),
    lines: z.array(ZInvoiceLine),
    /** A multi-renew's machines, each with its days and lines; empty for every other kind. */
    machines: z.array(ZInvoiceMachine),
  }),
  companyDetail: z.object({
    companyName: z.string(),
    officeAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    companyVATNumber: z.string().nullable(),
    contactNo: z.string().nullable(),
    websiteUrl: z.string(),
    imagePath: z.string().nullable(),
  }),
  userDetails: z.object({
    firstName: z.string(),
    lastName: z.string(),
    emailID: z.string(),
    contactNo: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    companyName: z.string().nullable(),
    customerVatNumber: z.string().nullable(),
    /** The customer's country name (the spec's `region`). */
    region: z.string().nullable(),
  }),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** GET /api/invoice/pdf/{token}: the receipt's token (opaque; an unknown one answers 404). */
export const ZReceiptPdfParams = z.object({ token: z.string() });

/**
 * `?lang=ko`: the receipt's language when the browser cannot send the page's own as
 * Accept-Language (the PDF viewer's fetch, a new tab). A language the portal does not speak is
 * ignored.
 */
export const ZReceiptPdfQuery = z.object({ lang: z.string().max(10).optional() });
