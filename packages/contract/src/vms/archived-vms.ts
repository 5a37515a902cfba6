import { z } from 'zod';
import { zFlag } from '../marketplace/catalogue-schemas';
import { ZPageQuery, zPage } from '../paging';
import { listedVmFields } from './listed-vm';

/**
 * An archived VM (vm-lifecycle.md §3 "Archived VM") in the spec's wire names, plus the portal's
 * `endDate` (a future one means the period was renewed and the machine may be restored),
 * `archivedAt`, the alias and start date the View modal shows, and `backupCount`: how many clones
 * and snapshots the machine has (its nested rows, §2.7 Archived: one page of them from
 * GET /api/vmAction/vmBackups?vmId=ID).
 */
const ZArchivedVm = z.object({
  ...listedVmFields,
  createdUUID: z.string().nullable(),
  serviceCategory: z.string(),
  isBlocked: zFlag,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  archivedAt: z.string().nullable(),
  backupCount: z.number().int(),
});
export type TArchivedVm = z.infer<typeof ZArchivedVm>;

export { ARCHIVED_VMS_PAGE_SIZE } from '../accounts/profile-page-sizes';

/** GET /api/vmAction/archivedVMs?page=N (customers): their archived machines, latest first. */
export const ZArchivedVmsQuery = ZPageQuery;
export const ZArchivedVmsPage = zPage(ZArchivedVm);
export type TArchivedVmsPage = z.infer<typeof ZArchivedVmsPage>;
