import { z } from 'zod';

/** The states a listed VM can be in (vm-lifecycle.md §4); deleted machines are never listed. */
export const ACTIVE_VM_STATUSES = [
  'provisioning',
  'running',
  'shutoff',
  'busy',
  'failed',
  'expired',
  'archived',
] as const;
export type ActiveVmStatus = (typeof ACTIVE_VM_STATUSES)[number];

const zFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * An active VM (vm-lifecycle.md §3 "Active VM") in the spec's wire names. Counts are GB for RAM
 * and disk and cores for the processor; `startDate` and `endDate` are ISO instants, null until
 * the machine is provisioned; `ciscoMerakiIP` is the public address, null while unassigned.
 * `status`, `privateAddress`, `isUpdating` (1 from an update's payment until it is applied or
 * given up: the Products tab watches the row until its new sizes arrive) and `backupCount` (its
 * clones and snapshots, listed by GET /api/vmAction/vmBackups?vmId=ID: the clone icon's nested
 * rows) are the portal's additions.
 */
const ZActiveVm = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  operatingSystem: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  ciscoMerakiIP: z.string().nullable(),
  isBlocked: zFlag,
  isClone: zFlag,
  isGoldCopy: zFlag,
  createdUUID: z.string().nullable(),
  serviceCategory: z.string(),
  status: z.enum(ACTIVE_VM_STATUSES),
  privateAddress: z.string().nullable(),
  isUpdating: zFlag,
  backupCount: z.number().int(),
});
export type TActiveVm = z.infer<typeof ZActiveVm>;

export { ACTIVE_VMS_PAGE_SIZE } from '../accounts/profile-page-sizes';

/** GET /api/vmAction/activeVMs?page=N (customers): one page of their VMs, newest first. */
export const ZActiveVmsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const ZActiveVmsPage = z.object({
  rows: z.array(ZActiveVm),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TActiveVmsPage = z.infer<typeof ZActiveVmsPage>;
