import { z } from 'zod';
import { toMinor } from '../pricing/money';
import { zCount, zProductId } from '../marketplace/catalogue-schemas';

const zUnit = z.string().trim().max(20);

/**
 * POST /api/virtualMachine/saveVMForLater (customers): the save payload of vm-lifecycle.md §3.
 * region and timePeriod are 0 when not chosen; totalAmount must equal the server's quote.
 */
export const ZSaveVmForLaterRequest = z.object({
  productID: zProductId,
  processorCount: zCount,
  processorUnit: zUnit.optional().default('cores'),
  memoryCount: zCount,
  memoryUnit: zUnit,
  driveCount: zCount,
  driveUnit: zUnit,
  region: z.coerce.number().int().min(0).max(2_147_483_647).optional().default(0),
  totalAmount: z.union([z.string(), z.number()]).transform((value, context) => {
    try {
      return toMinor(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'Enter a valid amount' });
      return z.NEVER;
    }
  }),
  timePeriod: z.coerce.number().int().min(0).max(3660).optional().default(0),
});
export type TSaveVmForLaterRequest = z.input<typeof ZSaveVmForLaterRequest>;

export const ZSaveVmForLaterResponse = z.object({ ID: z.number().int() });

/**
 * The data of a 409 'Already in your saved items': the customer has saved this configuration
 * (same product, counts, period and region) before; ID is that saved item. (A 409 'The price has
 * changed' carries `quote` instead.)
 */
export const ZSaveVmAlreadySaved = z.object({
  ID: z.number().int(),
  isAlreadySaved: z.literal(true),
});
export type TSaveVmAlreadySaved = z.infer<typeof ZSaveVmAlreadySaved>;

/** GET /api/virtualMachine/showSavedVM (customers): the customer's saved products, newest first. */
const ZSavedVm = z.object({
  ID: z.number().int(),
  productID: z.number().int(),
  vmName: z.string(),
  ram_Count: z.number(),
  ram_Unit: z.string(),
  disk_Count: z.number(),
  disk_Unit: z.string(),
  cpu_Count: z.number(),
  osType: z.string(),
  imagePath: z.string().nullable(),
  regionID: z.number().int(),
  /** The saved region's name; null when none was chosen (or the region is gone). */
  regionName: z.string().nullable(),
  timePeriod: z.number().int(),
  totalAmount: z.string(),
  currency: z.string(),
  /** False once the provider has withdrawn the product. */
  isAvailable: z.boolean(),
  /** When it was saved (ISO 8601). */
  savedAt: z.string(),
});
export type TSavedVm = z.infer<typeof ZSavedVm>;
export const ZShowSavedVmResponse = z.array(ZSavedVm);
export type TShowSavedVmResponse = z.infer<typeof ZShowSavedVmResponse>;

/** POST /api/virtualMachine/deletedSavedVM (customers): delete one of the caller's saved products. */
export const ZDeletedSavedVmRequest = z.object({ savedProductID: zProductId });
export type TDeletedSavedVmRequest = z.input<typeof ZDeletedSavedVmRequest>;
