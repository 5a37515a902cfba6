import { z } from 'zod';
import { zFlag } from '../marketplace/catalogue-schemas';
import { ZPageQuery, zPage } from '../paging';
import { listedVmFields } from './listed-vm';

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
  ...listedVmFields,
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
export const ZActiveVmsQuery = ZPageQuery;
export const ZActiveVmsPage = zPage(ZActiveVm);
export type TActiveVmsPage = z.infer<typeof ZActiveVmsPage>;
