import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  ARCHIVED_VMS_PAGE_SIZE,
  type TArchivedVm,
  type TArchivedVmsPage,
} from '@cloud-portal/contract/vms/archived-vms';
import { totalDiskGb } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { withMachineSizes } from './vm-sizes';
import type { OwnerScope } from '../../../tenancy/owner-scope';

const listedOf = (owner: OwnerScope) =>
  and(
    eq(virtualMachines.companyId, owner.companyId),
    eq(virtualMachines.customerId, owner.customerId),
    eq(virtualMachines.status, 'archived'),
  );

/**
 * One page of the customer's archived machines, most recently archived first, on
 * `virtual_machines_customer_idx` (company, customer, status = 'archived'). `backupCount` (the
 * machine's clones and snapshots that vmAction/vmBackups?vmId= lists: all but deleted ones) is
 * one probe of `vm_backups_owner_idx` per row of the page.
 */
export async function listArchivedVms(
  db: Database,
  owner: OwnerScope,
  page: number,
): Promise<TArchivedVmsPage> {
  const totalOfOwner = db.select({ total: count() }).from(virtualMachines).where(listedOf(owner));
  // Written out: in a one-table select Drizzle leaves column names unqualified, which would
  // bind `id` to the subquery's own table.
  const backupCount = sql<number>`(
    select count(*) from vm_backups backup
    where backup.company_id = virtual_machines.company_id
      and backup.customer_id = virtual_machines.customer_id
      and backup.vm_id = virtual_machines.id
      and backup.status <> 'deleted')`.mapWith(Number);
  const rows = await db
    .select({
      id: virtualMachines.id,
      name: virtualMachines.name,
      aliasName: virtualMachines.aliasName,
      operatingSystem: virtualMachines.operatingSystem,
      vcpus: virtualMachines.vcpus,
      ramGb: virtualMachines.ramGb,
      diskGb: virtualMachines.diskGb,
      machineUuid: virtualMachines.machineUuid,
      serviceType: virtualMachines.serviceType,
      isBlocked: virtualMachines.isBlocked,
      startsAt: virtualMachines.startsAt,
      endsAt: virtualMachines.endsAt,
      archivedAt: virtualMachines.archivedAt,
      backupCount,
      total: sql<number>`(${totalOfOwner})`.mapWith(Number),
    })
    .from(virtualMachines)
    .where(listedOf(owner))
    .orderBy(sql`${virtualMachines.archivedAt} desc nulls last`, desc(virtualMachines.id))
    .limit(ARCHIVED_VMS_PAGE_SIZE)
    .offset((page - 1) * ARCHIVED_VMS_PAGE_SIZE);

  const total = rows[0]?.total ?? (page === 1 ? 0 : ((await totalOfOwner)[0]?.total ?? 0));
  return {
    rows: (await withMachineSizes(db, rows)).map((row): TArchivedVm => ({
      ID: row.id,
      vmName: row.name,
      aliasName: row.aliasName,
      operatingSystem: row.operatingSystem,
      cpu_Count: row.vcpus,
      ram_Count: row.ramGb,
      disk_Count: totalDiskGb(row),
      createdUUID: row.machineUuid,
      serviceCategory: row.serviceType,
      isBlocked: row.isBlocked ? 1 : 0,
      startDate: row.startsAt?.toISOString() ?? null,
      endDate: row.endsAt?.toISOString() ?? null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      backupCount: row.backupCount,
    })),
    total,
    page,
    pageSize: ARCHIVED_VMS_PAGE_SIZE,
  };
}
