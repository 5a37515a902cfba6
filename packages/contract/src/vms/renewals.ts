import { z } from 'zod';

const zFlag = z.union([z.literal(0), z.literal(1)]);

export { RENEWAL_DUE_DAYS } from './renewal-due';

/** How a Renewals row stands: in its period, shut off at its end date, or archived after it. */
export const RENEWAL_VM_STATUSES = ['running', 'shutoff', 'busy', 'expired', 'archived'] as const;
export type RenewalVmStatus = (typeof RENEWAL_VM_STATUSES)[number];

/**
 * A Renewals row (vm-lifecycle.md §3 "Renewal row") in the spec's wire names. `isRenewed` is 1
 * from a renewal's payment until the machine is due again (its end date RENEWAL_DUE_DAYS away):
 * the checkbox is disabled and the row says Renewed (§4). `startDate` and `endDate` are ISO
 * instants. `status` is the portal's addition (expired and archived rows are badged).
 */
const ZRenewalVm = z.object({
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  operatingSystem: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string(),
  isRenewed: zFlag,
  isBlocked: zFlag,
  status: z.enum(RENEWAL_VM_STATUSES),
});
export type TRenewalVm = z.infer<typeof ZRenewalVm>;

export { RENEWAL_VMS_PAGE_SIZE } from '../accounts/profile-page-sizes';

/**
 * GET /api/vmAction/renewalVMs?page=N (customers): one page of every machine they can renew (in
 * its period, expired or archived), soonest end date first.
 */
export const ZRenewalVmsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const ZRenewalVmsPage = z.object({
  rows: z.array(ZRenewalVm),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TRenewalVmsPage = z.infer<typeof ZRenewalVmsPage>;
