import { z } from 'zod';
import { TAX_BASES } from '../pricing/vm-pricing';
import {
  zAmount,
  ZFilterOption,
  zFlag,
  ZPricedSpecificationLine,
  zProductId,
  ZProductCountry,
  ZRamCpuDependency,
} from './catalogue-schemas';

/**
 * POST /api/marketPlace/getVMProductDetails (customers): everything /productdetails/{id} needs
 * (vm-lifecycle.md §3 "Product details response"). The spec gives this call no path.
 */
export const ZGetVmProductDetailsRequest = z.object({ productID: zProductId });

const ZVmProductDetail = z.object({
  productID: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  vm_Cost: zAmount,
  vm_RAM_Count: z.number(),
  vm_RAM_Unit: z.string(),
  vm_CPU_Count: z.number(),
  vm_Driver_Count: z.number(),
  vm_Driver_Unit: z.string(),
  vm_currency: z.string(),
  osType: z.string(),
  /** Percent. */
  taxValue: z.number(),
  serviceType: z.string(),
  vm_validity: z.number().int(),
  vm_countryCode: z.string().nullable(),
  imagePath: z.string().nullable(),
  sendMailForLicense: zFlag,
  microsoftLicensePath: z.string().nullable(),
  cpu_Cost_Total: zAmount,
  isGoldCopy: zFlag,
  isPremium: zFlag,
  regionName: z.string().nullable(),
  regionID: z.number().int().nullable(),
});
export type TVmProductDetail = z.infer<typeof ZVmProductDetail>;

export const ZTimePeriod = z.object({ ID: z.number().int(), days: z.number().int() });
export type TTimePeriod = z.infer<typeof ZTimePeriod>;

export const ZGetVmProductDetailsResponse = z.object({
  VMProductDetail: ZVmProductDetail,
  paymentGateway: z.array(z.string()),
  vmSpec: z.array(ZPricedSpecificationLine),
  ramCpuDependecy: z.array(ZRamCpuDependency),
  country: ZProductCountry.nullable(),
  timePeriod: z.array(ZTimePeriod),
  byPassflag: zFlag,
  /**
   * The company's tax: on the total before the discount, as vm-lifecycle.md §4 writes it
   * (beforeDiscount), or on the price after the discount (afterDiscount). Ours, not the spec's.
   */
  taxBasis: z.enum(TAX_BASES),
  /** Percents per line. */
  discount: z.object({
    ramDiscount: z.number(),
    diskDiscount: z.number(),
    cpuDiscount: z.number(),
  }),
  /** The company's regions, for a product offered without one (the customer picks it). */
  regions: z.array(ZFilterOption),
});
export type TGetVmProductDetailsResponse = z.infer<typeof ZGetVmProductDetailsResponse>;
