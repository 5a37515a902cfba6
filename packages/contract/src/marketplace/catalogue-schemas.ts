import { z } from 'zod';
import { ZPartnerCloud } from '../content/get-external-cloud';
import { SPECIFICATION_NAMES } from './configuration-rules';

/** The zod side of the catalogue as the marketplace calls carry it (portal.md §3). */

/** The spec's 0/1 flags. */
export const zFlag = z.union([z.literal(0), z.literal(1)]);
/** A count a customer chooses (GB, vCPU). */
export const zCount = z.coerce.number().int().min(0).max(1_000_000);
/** Money on the wire: a 2-decimal string ("123.45"), vm-lifecycle.md §9. */
export const zAmount = z.string().regex(/^-?\d+\.\d{2}$/);

/** A product card. Price fields are absent (not null) when the caller is a visitor. */
const ZVmProductCard = z.object({
  productID: z.number().int(),
  productName: z.string(),
  imagePath: z.string().nullable(),
  osType: z.string(),
  vm_RAM_Count: z.number(),
  vm_RAM_Unit: z.string(),
  vm_Driver_Count: z.number(),
  vm_Driver_Unit: z.string(),
  vm_CPU_Count: z.number(),
  vm_Currency: z.string(),
  vm_Cost: zAmount.optional(),
  vm_validity: z.number().int(),
  regionName: z.string().nullable(),
  serviceType: z.string(),
  isGoldCopy: zFlag,
  isPremium: zFlag,
});
export type TVmProductCard = z.infer<typeof ZVmProductCard>;

/** A partner cloud as the marketplace's Clouds section shows it. */
export const ZCloudCard = ZPartnerCloud.omit({ ID: true });
export type TCloudCard = z.infer<typeof ZCloudCard>;

export const ZFilterOption = z.object({ ID: z.number().int(), name: z.string() });
export type TFilterOption = z.infer<typeof ZFilterOption>;

export const ZFilterData = z.object({
  operatingSystem: z.array(ZFilterOption),
  /** The regions products are offered in (the spec's "country list" feeds the Region select). */
  country: z.array(ZFilterOption),
  ipType: z.array(ZFilterOption),
  /** The base counts products come in, for processor / memory / disk filters. */
  specs: z.object({
    processor: z.array(z.number()),
    memory: z.array(z.number()),
    disk: z.array(z.number()),
  }),
});
export type TFilterData = z.infer<typeof ZFilterData>;

/** One page of each section: Explore Virtual Machine and Explore Custom (gold) Virtual Machines. */
export const ZProductPage = z.object({
  VMProducts: z.array(ZVmProductCard),
  GoldVMData: z.array(ZVmProductCard),
  VMProductsTotal: z.number().int(),
  GoldVMDataTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False for visitors: no card carries vm_Cost. */
  pricesVisible: z.boolean(),
});
export type TProductPage = z.infer<typeof ZProductPage>;

export const ZSpecificationLine = z.object({
  specificationName: z.enum(SPECIFICATION_NAMES),
  specificationUnit: z.string(),
  specificationCount: z.number(),
  minValue: z.number(),
  maxValue: z.number(),
  size: z.number(),
  /** Absent for visitors. */
  costPerUnit: zAmount.optional(),
  /** specificationCount × costPerUnit; absent for visitors. */
  totalCost: zAmount.optional(),
  sequence: z.number().int(),
  /** Percent. */
  tax: z.number(),
});
export type TSpecificationLine = z.infer<typeof ZSpecificationLine>;

/** A product's lines as a customer's own machine's screens carry them: always priced. */
export const ZPricedSpecificationLine = ZSpecificationLine.required({
  costPerUnit: true,
  totalCost: true,
});
/** One of a product's RAM-to-CPU steps (the spec's ramCpuDependecy). */
export const ZRamCpuDependency = z.object({
  ramStartLimit: z.number(),
  ramEndLimit: z.number(),
  cpuCount: z.number(),
});
/** The country a product is sold in: its tax and currency. */
export const ZProductCountry = z.object({
  countryID: z.number().int(),
  countryName: z.string(),
  taxValue: z.number(),
  currency: z.string(),
});

const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 48;
export const zPageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX)
  .optional()
  .default(PAGE_SIZE_DEFAULT);
/** "0 when unset" ids and counts of the filter payload (portal.md §3). */
export const zUnsetZero = z.coerce.number().int().min(0).max(2_147_483_647).optional().default(0);
export const zServiceName = z.string().trim().max(200).optional().default('');
export const zProductId = z.coerce.number().int().positive().max(2_147_483_647);
