import { z } from 'zod';
import {
  zAmount,
  zFlag,
  ZPricedSpecificationLine,
  zProductId,
  ZProductCountry,
  ZRamCpuDependency,
} from '../marketplace/catalogue-schemas';
import { SPECIFICATION_NAMES } from '../marketplace/configuration-rules';
import { ZTimePeriod } from '../marketplace/get-vm-product-details';
import { zClientAmount } from '../orders/create-order';
import { MAX_RENEW_SELECTION } from './renew-selection';
import { multiRenewDataMessages } from './renew-messages';

/**
 * Renewals (vm-lifecycle.md §2.2, §2.4, §3, §9; ADR 018): renew one machine (comes-from 3) or
 * several (comes-from 5). `productID` on these calls is the machine's id (virtual_machines.id),
 * as the spec's VM screens use it. The server prices every renewal from the catalogue with
 * `quoteVmRenewal` (renew-pricing.ts) and answers each screen the bill for it: the renew screen
 * gets one quote per period option (`quotes`, in TimePeriod's order), the multi-renew screen each
 * machine's quote and their sum. The browser shows those and posts back `totalAmount`; a total
 * that is not the server's quote answers 409 with `data.quote`.
 */

export { multiRenewDataMessages, renewMessages } from './renew-messages';

/** The machine states a renewal is taken for; others (provisioning, busy, failed) answer 409. */
export const RENEWABLE_VM_STATUSES = ['running', 'shutoff', 'expired', 'archived'] as const;

const zVmId = zProductId;
const zMoneyLine = z.object({
  item: z.enum(SPECIFICATION_NAMES),
  size: z.number(),
  unit: z.string(),
  price: zAmount,
});

/** A machine's renewal bill (`toRenewQuote`). */
const ZRenewQuote = z.object({
  days: z.number().int(),
  lines: z.array(zMoneyLine),
  totalPrice: zAmount,
  /** Percent (15, 7.5). */
  taxPercent: z.number(),
  taxAmount: zAmount,
  /** The 30-day price of the machine's configuration: what arrears are charged on. */
  monthlyPrice: zAmount,
  daysExtended: z.number().int(),
  arrears: zAmount,
  totalPayable: zAmount,
});
export type TRenewQuote = z.infer<typeof ZRenewQuote>;

// ---------------------------------------------------------------------------------------------
// POST /api/virtualMachine/getVMDetailForRenew

export const ZGetVmDetailForRenewRequest = z.object({ productID: zVmId });

/**
 * §3 "VM detail for … renew": the machine as it is now (its sizes), priced from its product.
 * `vm_Cost` is the configuration's 30-day price; `validity` the machine's current period in days;
 * `daysExtended` the whole days since its end date when that has passed (the arrears' days);
 * `parentVMId` is the machine itself (a renewal acts on no other machine).
 */
const ZRenewVmDetail = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  productID: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  vm_Cost: zAmount,
  ram_Count: z.number().int(),
  ram_Unit: z.string(),
  cpu_Count: z.number().int(),
  disk_Count: z.number().int(),
  disk_Unit: z.string(),
  currency: z.string(),
  osType: z.string(),
  /** Percent. */
  taxValue: z.number(),
  serviceCategory: z.string(),
  validity: z.number().int(),
  drive_Cost_PerUnit: zAmount,
  parentVMId: z.number().int(),
  regionID: z.number().int().nullable(),
  regionName: z.string().nullable(),
  countryID: z.number().int().nullable(),
  imagePath: z.string().nullable(),
  daysExtended: z.number().int(),
  vm_region: z.string().nullable(),
  vm_countryCode: z.string().nullable(),
  isGoldCopy: zFlag,
  /** ISO instants; endDate null only for a machine never provisioned (not renewable). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(RENEWABLE_VM_STATUSES),
});

export const ZGetVmDetailForRenewResponse = z.object({
  VMDetail: ZRenewVmDetail,
  /** The product's lines with the machine's current counts as specificationCount. */
  vmSpec: z.array(ZPricedSpecificationLine),
  paymentGateway: z.array(z.string()),
  ramCpuDependecy: z.array(ZRamCpuDependency),
  country: ZProductCountry.nullable(),
  byPassflag: zFlag,
  /** The renew period options (the company's time periods). */
  TimePeriod: z.array(ZTimePeriod),
  /** The product's discounts, for information: renewals are not discounted (ADR 018). */
  discount: z.object({
    ramDiscount: z.number(),
    diskDiscount: z.number(),
    cpuDiscount: z.number(),
  }),
  /** The server's bill for each period option, in TimePeriod's order. */
  quotes: z.array(ZRenewQuote),
});
export type TGetVmDetailForRenewResponse = z.infer<typeof ZGetVmDetailForRenewResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/virtualMachine/renewVM

/**
 * §3 "Renew order". The server takes the machine's sizes from its record, so the spec's VM fields
 * (productName, ramCount, …) are accepted and ignored, as are region, microsoftLicense (the
 * licence came with the purchase) and daysExtended (the server counts them). `timePeriod` is the
 * chosen period in days; `totalAmount` must be the server's quote for it (409 otherwise, with
 * data.quote). Answers the order response (comes-from 3, vmIDs [productID]).
 */
export const ZRenewVmRequest = z.object({
  productID: zVmId,
  timePeriod: z.coerce.number().int().min(1).max(3660),
  totalAmount: zClientAmount,
  paymentGateway: z.string().trim().max(40).optional().default(''),
  byPassflag: zFlag.optional().default(0),
  convertToUsd: z.boolean().optional().default(false),
  region: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  microsoftLicense: zFlag.optional(),
  daysExtended: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type TRenewVmRequest = z.input<typeof ZRenewVmRequest>;

// ---------------------------------------------------------------------------------------------
// POST /api/virtualMachine/getVMDataForMultipleRenew

/** 1–20 distinct machine ids (the /renewMultipleVM/{value} selection, renew-selection.ts). */
const zRenewSelection = z
  .array(zVmId)
  .min(1, 'Select at least one VM')
  .max(MAX_RENEW_SELECTION, `Select at most ${MAX_RENEW_SELECTION} VMs`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each VM can be selected once');

export const ZGetVmDataForMultipleRenewRequest = z.object({ renewVMData: zRenewSelection });

/**
 * One machine of §3 "Multi-renew data". Each is renewed for its own current period (`renewDays`,
 * the machine's period in days); `vm_Cost` is the price for that period, `daysExtended` the days
 * of arrears, `arrears` their amount and `totalPayable` the machine's share of the bill.
 */
const ZMultiRenewVm = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  osType: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  renewDays: z.number().int(),
  daysExtended: z.number().int(),
  vm_Cost: zAmount,
  /** Percent. */
  taxValue: z.number(),
  taxAmount: zAmount,
  arrears: zAmount,
  totalPayable: zAmount,
  endDate: z.string().nullable(),
  status: z.enum(RENEWABLE_VM_STATUSES),
  serviceCategory: z.string(),
  imagePath: z.string().nullable(),
});
export type TMultiRenewVm = z.infer<typeof ZMultiRenewVm>;

/** The multi-renew bill (§2.4): Total Price, Tax, "Arrears for N Days", Total Payable Amount. */
const ZMultiRenewQuote = z.object({
  totalPrice: zAmount,
  taxAmount: zAmount,
  /** N of "Arrears for N Days": the largest of the machines' days extended. */
  daysExtended: z.number().int(),
  arrears: zAmount,
  totalPayable: zAmount,
});
export type TMultiRenewQuote = z.infer<typeof ZMultiRenewQuote>;

export const ZGetVmDataForMultipleRenewResponse = z.object({
  /** In the order of the request's ids. */
  VMProductDetail: z.array(ZMultiRenewVm),
  /** taxValue is null when the machines' products are taxed at different percents. */
  taxData: z.object({ currency: z.string(), taxValue: z.number().nullable() }),
  /** The gateways every selected machine's product offers. */
  paymentGateway: z.array(z.string()),
  /** 1 only when every selected machine's product may bypass the gateway. */
  byPassflag: zFlag,
  /*
   * §3 "Multi-renew data" names these once for the whole selection: they are the first selected
   * machine's (its product's lines at its sizes, its product's RAM/CPU steps, country and the
   * company's periods; its service, id, region and image). Each machine is still renewed for its
   * own period (renewDays), whatever timePeriod lists (ADR 026).
   */
  vmSpec: z.array(ZPricedSpecificationLine),
  ramCpuDependecy: z.array(ZRamCpuDependency),
  country: ZProductCountry.nullable(),
  timePeriod: z.array(ZTimePeriod),
  serviceCategory: z.string(),
  parentVMId: z.number().int(),
  regionID: z.number().int().nullable(),
  imagePath: z.string().nullable(),
  quote: ZMultiRenewQuote,
});
export type TGetVmDataForMultipleRenewResponse = z.infer<typeof ZGetVmDataForMultipleRenewResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/virtualMachine/renewSelectedVM

const zAnyCount = z.union([z.number(), z.string().max(40)]);

/**
 * One entry of the spec's MultiRenewData (vmName, osType, cpu_Count, ram_Count, disk_Count,
 * daysExtended, vm_Cost). The machine is its `ID` when the client sends it (getVMDataForMultipleRenew
 * answers it with each VMProductDetail entry), else its `vmName` among the customer's machines.
 * The sizes and amounts are the client's copy and are not used: the server prices.
 */
const ZMultiRenewDataEntry = z
  .object({
    ID: zVmId.optional(),
    vmName: z.string().trim().min(1).max(200).optional(),
    osType: z.string().max(100).optional(),
    cpu_Count: zAnyCount.optional(),
    ram_Count: zAnyCount.optional(),
    disk_Count: zAnyCount.optional(),
    daysExtended: zAnyCount.optional(),
    vm_Cost: zAnyCount.optional(),
  })
  .refine((entry) => entry.ID !== undefined || entry.vmName !== undefined, {
    message: multiRenewDataMessages.entryUnnamed,
  });
export type TMultiRenewDataEntry = z.output<typeof ZMultiRenewDataEntry>;

/**
 * §3 "Multi-renew order", in either of two forms:
 * - the spec's: FinalPrice, MultiRenewData (the machines), taxAmount, totalAmountwithTax,
 *   calulatedtaxvalue, serviceType, clientVMID, cost, countryID, paymentGateway, imagePath,
 *   byPassflag, daysExtended, currency;
 * - ours: renewVMData (the machines' ids) and totalAmount.
 * The machines are renewVMData when present, else MultiRenewData's; the total the customer saw is
 * totalAmount when present, else totalAmountwithTax. It must be the server's quote.totalPayable
 * (and currency, when sent, the quote's): otherwise 409 with data.quote, nothing charged. The
 * spec's other amounts (FinalPrice, taxAmount, cost, calulatedtaxvalue) and ids are accepted and
 * not used: the server prices. Answers the order response (comes-from 5, vmIDs in order).
 */
export const ZRenewSelectedVmRequest = z
  .object({
    renewVMData: zRenewSelection.optional(),
    MultiRenewData: z
      .array(ZMultiRenewDataEntry)
      .min(1, multiRenewDataMessages.selectionRequired)
      .max(MAX_RENEW_SELECTION, `Select at most ${MAX_RENEW_SELECTION} VMs`)
      .optional(),
    totalAmount: zClientAmount.optional(),
    totalAmountwithTax: zClientAmount.optional(),
    FinalPrice: zClientAmount.optional(),
    taxAmount: zClientAmount.optional(),
    cost: zClientAmount.optional(),
    calulatedtaxvalue: zAnyCount.optional(),
    currency: z.string().trim().max(3).optional(),
    serviceType: z.string().max(100).optional(),
    clientVMID: z.union([zAnyCount, z.array(zAnyCount).max(MAX_RENEW_SELECTION)]).optional(),
    countryID: zAnyCount.nullable().optional(),
    imagePath: z.string().max(500).nullable().optional(),
    daysExtended: zAnyCount.optional(),
    paymentGateway: z.string().trim().max(40).optional().default(''),
    byPassflag: zFlag.optional().default(0),
    convertToUsd: z.boolean().optional().default(false),
  })
  .superRefine((body, context) => {
    if (body.renewVMData === undefined && body.MultiRenewData === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['MultiRenewData'],
        message: multiRenewDataMessages.selectionRequired,
      });
    }
    if (body.totalAmount === undefined && body.totalAmountwithTax === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['totalAmountwithTax'],
        message: multiRenewDataMessages.totalRequired,
      });
    }
  });
export type TRenewSelectedVmRequest = z.input<typeof ZRenewSelectedVmRequest>;
