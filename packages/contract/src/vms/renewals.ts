import { z } from 'zod';
import { zFlag } from '../marketplace/catalogue-schemas';
import { ZPageQuery, zPage } from '../paging';
import { listedVmFields } from './listed-vm';

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
  ...listedVmFields,
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
export const ZRenewalVmsQuery = ZPageQuery;
export const ZRenewalVmsPage = zPage(ZRenewalVm);
export type TRenewalVmsPage = z.infer<typeof ZRenewalVmsPage>;
