import { z } from 'zod';
import { zFlag, zProductId } from '../marketplace/catalogue-schemas';
import { zClientAmount } from '../orders/create-order';
import { ZVmOrderCatalogue, ZVmOrderDetail } from './clone-vm';
import { MAX_ADDED_DISKS, UPDATE_TYPES } from './update-pricing';

/**
 * The update screen's calls (vm-lifecycle.md §2.3, §3, §7; ADR 019): getVMDetailForUpdateVM
 * (request: clone-vm.ts `ZVmDetailRequest`) and updateVM. `productID` is the machine's id.
 */

const zCount = z.coerce.number().int().min(0).max(1_000_000);

/**
 * The answer of getVMDetailForUpdateVM: the machine (current counts in VMDetail), the catalogue
 * (vmSpec: min, max and step of each slider), the days the machine has left (what an update is
 * priced for) and whether another disk may be added. The browser prices a choice with
 * `quoteUpdate(toPricedProduct-like product, current, choice, remainingDays)`.
 */
export const ZUpdateVmDetailResponse = ZVmOrderCatalogue.extend({
  VMDetail: ZVmOrderDetail,
  updateTypes: z.array(z.enum(UPDATE_TYPES)),
  remainingDays: z.number().int(),
  maxAddedDisks: z.literal(MAX_ADDED_DISKS),
  /** False once two disks were added (or are being added by a paid or pending order). */
  canAddDisk: z.boolean(),
  /** The machine's sizes cannot change (premium, Node Weaver, Open Nebula). */
  isFixedSpecification: z.boolean(),
  /** The machine is running: RAM/CPU changes need `allowsPowerCycle` or a shut-off machine. */
  isRunning: z.boolean(),
});
export type TUpdateVmDetailResponse = z.infer<typeof ZUpdateVmDetailResponse>;

/**
 * POST updateVM (customers): §3 "Update order" (the renew fields plus updateType, without
 * daysExtended) plus productID, totalAmount (the server's quote to the cent, 409 with data.quote
 * otherwise), convertToUsd and allowsPowerCycle (the customer's consent that the machine may be
 * powered off and on again to apply a RAM/CPU change; ADR 019).
 * - updateType 'RamAndCpu' (default): ramCount, processorCount and diskCount are the new sizes.
 * - updateType 'Disk': diskCount is the size of the disk to add (GB).
 * Units, region, period and currency fields are accepted and ignored (the server's record counts).
 */
export const ZUpdateVmRequest = z.object({
  productID: zProductId,
  clientVMID: z.unknown().optional(),
  productName: z.string().trim().max(200).optional(),
  updateType: z.enum(UPDATE_TYPES).optional().default('RamAndCpu'),
  ramCount: zCount.optional(),
  ramUnit: z.unknown().optional(),
  processorCount: zCount.optional(),
  processorUnit: z.unknown().optional(),
  diskCount: zCount,
  diskUnit: z.unknown().optional(),
  region: z.unknown().optional(),
  cost: zClientAmount.optional(),
  taxAmount: zClientAmount.optional(),
  totalAmount: zClientAmount,
  currency: z.string().trim().max(3).optional(),
  timePeriod: z.unknown().optional(),
  countryID: z.unknown().optional(),
  microsoftLicense: zFlag.optional(),
  paymentGateway: z.string().trim().max(40).optional().default(''),
  byPassflag: zFlag.optional().default(0),
  convertToUsd: z.boolean().optional().default(false),
  allowsPowerCycle: z.boolean().optional().default(false),
});
export type TUpdateVmRequest = z.input<typeof ZUpdateVmRequest>;
