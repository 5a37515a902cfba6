import { z } from 'zod';
import { ZInvoiceMachine } from './generate-invoice';
import { toMinor } from '../pricing/money';
import { zAmount, zCount, zFlag, zProductId } from '../marketplace/catalogue-schemas';
import { SPECIFICATION_NAMES } from '../marketplace/configuration-rules';
import { GATEWAY_NAMES } from './gateways';
import { orderMessages } from './order-messages';

/** A client amount ("123.45" or 123.45) in minor units; the server compares it with its quote. */
export const zClientAmount = z.union([z.string(), z.number()]).transform((value, context) => {
  try {
    return toMinor(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'Enter a valid amount' });
    return z.NEVER;
  }
});

const zSpecificationType = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['memory', 'disk', 'processor']));

/** One line of the new-order payload's specification (§3): type, value, unit, price. */
const ZOrderSpecificationEntry = z.object({
  type: zSpecificationType,
  value: zCount,
  unit: z.string().trim().max(20).optional().default(''),
  price: zClientAmount.optional(),
});

/**
 * POST /api/virtualMachine/CreateOrder (customers): the new-order payload of vm-lifecycle.md §3.
 * The server re-prices from the catalogue; `totalAmount` must equal its quote (409 otherwise,
 * data.quote the server's). `convertToUsd` is the customer's yes to the PayPal ZAR modal.
 */
export const ZCreateOrderRequest = z.object({
  productID: zProductId,
  productName: z.string().trim().max(200).optional().default(''),
  specification: z
    .array(ZOrderSpecificationEntry)
    .length(3, orderMessages.specificationCount)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.type)).size === 3,
      orderMessages.specificationCount,
    ),
  region: z.coerce.number().int().min(0).max(2_147_483_647),
  cost: zClientAmount.optional(),
  taxAmount: zClientAmount.optional(),
  totalAmount: zClientAmount,
  currency: z.string().trim().max(3).optional(),
  timePeriod: z.coerce.number().int().min(1).max(3660),
  paymentGateway: z.string().trim().max(40).optional().default(''),
  microsoftLicense: zFlag.optional().default(0),
  byPassflag: zFlag.optional().default(0),
  discountAmount: zClientAmount.optional(),
  discountArr: z.unknown().optional(),
  convertToUsd: z.boolean().optional().default(false),
});
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

/** What the browser posts to a form gateway (PayFast, Ozow): fields in the order they are signed. */
const ZGatewayForm = z.object({
  action: z.url(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
});
export type TGatewayForm = z.infer<typeof ZGatewayForm>;

/**
 * The order response of §3 without any secret (DESIGN.md departure 1: no hashKey, no PayPal
 * auth): the references the invoice shows, and where the browser goes to pay: `redirect_url`, or
 * a ready-signed `form`, or neither (byPassFlag 1: already complete; PesaPal: Pay calls
 * `submitOrderRequest`; a licence still to upload: `uploadCustomerLicense` answers them).
 */
export const ZOrderResponse = z.object({
  orderID: z.string(),
  commingFrom: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']),
  isGoldCopy: zFlag,
  paymentMode: z.enum(GATEWAY_NAMES).nullable(),
  byPassFlag: zFlag,
  websiteUrl: z.string(),
  vmName: z.string(),
  productID: z.number().int(),
  regionName: z.string().nullable(),
  timePeriod: z.number().int(),
  /** What the customer is charged, in the currency charged (USD after a ZAR conversion). */
  amount: zAmount,
  currencyCode: z.string(),
  /** The bill in the product's currency. */
  productCurrency: z.string(),
  cost: zAmount,
  discount: zAmount,
  tax: zAmount,
  taxPercent: z.number(),
  taxBasis: z.enum(['beforeDiscount', 'afterDiscount']),
  totalAmount: zAmount,
  ramCost: zAmount,
  driveCost: zAmount,
  cpuCost: zAmount,
  penaltyCostRenew: zAmount,
  daysExtended: z.number().int(),
  countryCode: z.string(),
  transactionReference: z.string(),
  bankReference: z.string(),
  Customer: z.string(),
  IsTest: z.boolean(),
  isTaxInvoice: zFlag,
  specification: z.array(
    z.object({
      item: z.enum(SPECIFICATION_NAMES),
      size: z.number(),
      unit: z.string(),
      price: zAmount,
    }),
  ),
  /**
   * 1: the product needs the customer's Microsoft licence PDF; `redirect_url` and `form` come
   * from `uploadCustomerLicense` once it is uploaded.
   */
  licenceRequired: zFlag,
  /** Set when the browser can go to pay now; PesaPal's comes from `submitOrderRequest`. */
  redirect_url: z.string().nullable(),
  form: ZGatewayForm.nullable(),
  expiresAt: z.string(),
  /** The ids of the machines a kind 2–5 order acts on (their screens are the invoice's way back). */
  vmIDs: z.array(z.number().int()),
  /** A multi-renew's machines, each with its region, days and lines; empty for other kinds. */
  machines: z.array(ZInvoiceMachine),
});
export type TOrderResponse = z.infer<typeof ZOrderResponse>;
