import { z } from 'zod';
import {
  zAmount,
  zFlag,
  ZPricedSpecificationLine,
  zProductId,
  ZProductCountry,
  ZRamCpuDependency,
} from '../marketplace/catalogue-schemas';
import { zClientAmount } from '../orders/create-order';
import { TAX_BASES } from '../pricing/vm-pricing';
import { ACTIVE_VM_STATUSES } from './active-vms';
import {
  BACKUP_DURATION_TYPES,
  BACKUP_HOURS_PER_UNIT,
  BACKUP_KINDS,
  backupMessages,
  DRIVE_COST_HOURS,
  INITIAL_BACKUP_DURATION,
  MAX_BACKUP_DURATION,
} from './backup-pricing';

/**
 * The clone and snapshot screens' calls (vm-lifecycle.md §2.2, §3, §7; ADR 019):
 * getVMDetailForCloneVm / getVMDetailForSnapshotVm and createOrderForcloneVM /
 * createOrderForSnapshotVM. `productID` is the machine's id (virtual_machines.id, the Products
 * tab's `ID`). The update screen's detail (update-vm.ts) shares `ZVmOrderDetail`.
 */

const zVmId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST getVMDetailForCloneVm, getVMDetailForSnapshotVm, getVMDetailForUpdateVM. */
export const ZVmDetailRequest = z.object({ productID: zProductId });

/**
 * §3 "VM detail for clone / snapshot / renew / update", about one of the customer's machines:
 * its current sizes, priced from its product's catalogue. Counts are GB (RAM, disk) and vCPUs.
 */
export const ZVmOrderDetail = z.object({
  /** The machine's id (the order calls' productID). */
  ID: z.number().int(),
  /** The catalogue product the machine was bought as. */
  productID: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  /** The machine's configuration for its period (`validity` days) at today's prices, before tax. */
  vm_Cost: zAmount,
  ram_Count: z.number().int(),
  ram_Unit: z.string(),
  cpu_Count: z.number().int(),
  /** The machine's own disk, GB (added disks are in `addedDisks`). */
  disk_Count: z.number().int(),
  disk_Unit: z.string(),
  /** GB of each disk added by an update (at most two). */
  addedDisks: z.array(z.number().int()),
  currency: z.string(),
  osType: z.string(),
  /** Percent. */
  taxValue: z.number(),
  serviceCategory: z.string(),
  /** The machine's period, days. */
  validity: z.number().int(),
  /** The Disk cost per unit for 30 days (ADR 019): per hour it is this / `driveCostHours`. */
  drive_Cost_PerUnit: zAmount,
  driveCostHours: z.literal(DRIVE_COST_HOURS),
  /** For a restored clone, the machine it was cloned from; otherwise null. */
  parentVMId: z.number().int().nullable(),
  regionID: z.number().int().nullable(),
  regionName: z.string().nullable(),
  vm_region: z.string().nullable(),
  countryID: z.number().int().nullable(),
  vm_countryCode: z.string().nullable(),
  imagePath: z.string().nullable(),
  isGoldCopy: zFlag,
  isBlocked: zFlag,
  isClone: zFlag,
  status: z.enum(ACTIVE_VM_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TVmOrderDetail = z.infer<typeof ZVmOrderDetail>;

/** The catalogue side every kind 2 and 4 screen needs (as the product details answer it). */
export const ZVmOrderCatalogue = z.object({
  paymentGateway: z.array(z.string()),
  vmSpec: z.array(ZPricedSpecificationLine),
  ramCpuDependecy: z.array(ZRamCpuDependency),
  country: ZProductCountry.nullable(),
  byPassflag: zFlag,
  taxBasis: z.enum(TAX_BASES),
  discount: z.object({
    ramDiscount: z.number(),
    diskDiscount: z.number(),
    cpuDiscount: z.number(),
  }),
  /** The product is premium (its sizes are fixed). */
  isPremium: zFlag,
});

/** One period option of a backup's duration (§2.2: Daily, Weekly, Monthly). */
const ZBackupDurationOption = z.object({
  type: z.enum(BACKUP_DURATION_TYPES),
  /** §9: hours per unit of the count. */
  hours: z.number().int(),
  /** The largest count accepted. */
  maxCount: z.number().int(),
});

export const BACKUP_DURATION_OPTIONS = BACKUP_DURATION_TYPES.map((type) => ({
  type,
  hours: BACKUP_HOURS_PER_UNIT[type],
  maxCount: MAX_BACKUP_DURATION[type],
}));

/** The server's bill of a clone or snapshot (backup-pricing.ts `quoteBackup`). */
const ZBackupQuote = z.object({
  cloneOptionType: z.enum(BACKUP_KINDS),
  cloneDuration: z.number().int(),
  cloneDurationType: z.enum(BACKUP_DURATION_TYPES),
  diskSize: z.number().int(),
  hours: z.number().int(),
  totalPrice: zAmount,
  taxPercent: z.number(),
  taxAmount: zAmount,
  totalPayable: zAmount,
});

/**
 * The answer of getVMDetailForCloneVm and getVMDetailForSnapshotVm: the machine, the catalogue,
 * the duration options and the bill of the initial choice (1 × Daily, of the call's kind).
 * `quoteBackup(VMDetail-derived pricing, choice)` recomputes it in the browser as the choice
 * changes: pricing = { diskSize: disk_Count + Σ addedDisks, drive_Cost_PerUnit, taxValue }.
 */
export const ZCloneVmDetailResponse = ZVmOrderCatalogue.extend({
  VMDetail: ZVmOrderDetail,
  duration: z.array(ZBackupDurationOption),
  initialDuration: z.literal(INITIAL_BACKUP_DURATION),
  /** The kind the call was for: Clone (getVMDetailForCloneVm) or Snapshot. */
  cloneOptionType: z.enum(BACKUP_KINDS),
  /** GB charged: disk_Count + Σ addedDisks. */
  diskSize: z.number().int(),
  quote: ZBackupQuote,
});
export type TCloneVmDetailResponse = z.infer<typeof ZCloneVmDetailResponse>;

/**
 * POST createOrderForcloneVM / createOrderForSnapshotVM (customers): §3 "Clone / snapshot order"
 * plus productID (the machine's id), totalAmount (must equal the server's quote: 409 with
 * data.quote otherwise) and convertToUsd (the PayPal ZAR modal's yes). `cloneOptionType` decides
 * whether a clone or a snapshot is made (both paths accept both: the screen's radio chooses).
 * The machine's sizes, region and currency fields are accepted and ignored: the server's own
 * record of the machine counts.
 */
export const ZCreateCloneOrderRequest = z
  .object({
    productID: zVmId,
    clientVMID: zVmId.optional(),
    productName: z.string().trim().max(200).optional(),
    ramCount: z.unknown().optional(),
    ramUnit: z.unknown().optional(),
    processorCount: z.unknown().optional(),
    processorUnit: z.unknown().optional(),
    diskCount: z.unknown().optional(),
    diskUnit: z.unknown().optional(),
    region: z.unknown().optional(),
    cost: zClientAmount.optional(),
    taxAmount: zClientAmount.optional(),
    totalAmount: zClientAmount,
    currency: z.string().trim().max(3).optional(),
    timePeriod: z.unknown().optional(),
    countryID: z.unknown().optional(),
    paymentGateway: z.string().trim().max(40).optional().default(''),
    cloneDuration: z.coerce
      .number({ error: backupMessages.selectDuration })
      .int(backupMessages.selectDuration)
      .min(1, backupMessages.selectDuration),
    cloneDurationType: z.enum(BACKUP_DURATION_TYPES, { error: backupMessages.selectDuration }),
    cloneOptionType: z.enum(BACKUP_KINDS, { error: backupMessages.selectCloneType }),
    isCloneOrSnapshot: z.enum(BACKUP_KINDS).optional(),
    byPassflag: zFlag.optional().default(0),
    convertToUsd: z.boolean().optional().default(false),
  })
  .superRefine((value, context) => {
    if (value.cloneDuration > MAX_BACKUP_DURATION[value.cloneDurationType]) {
      context.addIssue({
        code: 'custom',
        path: ['cloneDuration'],
        message: backupMessages.durationTooLong,
      });
    }
    if (value.clientVMID !== undefined && value.clientVMID !== value.productID) {
      context.addIssue({
        code: 'custom',
        path: ['clientVMID'],
        message: 'clientVMID must be the same machine as productID',
      });
    }
  });
export type TCreateCloneOrderRequest = z.input<typeof ZCreateCloneOrderRequest>;
