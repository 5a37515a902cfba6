import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  ACTIVE_VMS_PAGE_SIZE,
  type ActiveVmStatus,
  type TActiveVm,
  type TActiveVmsPage,
} from '@cloud-portal/contract/vms/active-vms';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { totalDiskGb, type MachineSizes } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { withMachineSizes } from './vm-sizes';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/** The Products tab shows every machine the customer still has: not deleted, not archived. */
const listedOf = (owner: OwnerScope) =>
  and(
    eq(virtualMachines.companyId, owner.companyId),
    eq(virtualMachines.customerId, owner.customerId),
    // Written out (not bound) so the planner matches `virtual_machines_listed_idx`'s predicate.
    sql`${virtualMachines.status} NOT IN ('deleted', 'archived')`,
  );

/**
 * One page of the customer's active VMs, newest first, read in order from
 * `virtual_machines_listed_idx` (no sort). As with the purchase history, the total rides along as
 * an uncorrelated subquery on the same index; only a page past the end asks for it on its own.
 */
export async function listActiveVms(
  db: Database,
  owner: OwnerScope,
  page: number,
): Promise<TActiveVmsPage> {
  const totalOfOwner = db.select({ total: count() }).from(virtualMachines).where(listedOf(owner));
  // Written out, as in renewal-vms.ts: one probe of an index per row of the page each.
  const isUpdating = sql<boolean>`exists (
    select 1 from order_targets target inner join orders updating on updating.id = target.order_id
    where target.vm_id = virtual_machines.id and updating.kind = ${ORDER_KINDS.update}
      and updating.status = 'paid' and updating.applied_at is null)`.mapWith(Boolean);
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
      startsAt: virtualMachines.startsAt,
      endsAt: virtualMachines.endsAt,
      publicAddress: virtualMachines.publicAddress,
      privateAddress: virtualMachines.privateAddress,
      isBlocked: virtualMachines.isBlocked,
      isClone: virtualMachines.isClone,
      isGoldCopy: virtualMachines.isGoldCopy,
      machineUuid: virtualMachines.machineUuid,
      serviceType: virtualMachines.serviceType,
      status: virtualMachines.status,
      isUpdating,
      backupCount,
      total: sql<number>`(${totalOfOwner})`.mapWith(Number),
    })
    .from(virtualMachines)
    .where(listedOf(owner))
    .orderBy(desc(virtualMachines.createdAt), desc(virtualMachines.id))
    .limit(ACTIVE_VMS_PAGE_SIZE)
    .offset((page - 1) * ACTIVE_VMS_PAGE_SIZE);

  const total = rows[0]?.total ?? (page === 1 ? 0 : ((await totalOfOwner)[0]?.total ?? 0));
  const sized = await withMachineSizes(db, rows);
  return { rows: sized.map(toActiveVm), total, page, pageSize: ACTIVE_VMS_PAGE_SIZE };
}

type VmRecord = MachineSizes & {
  id: number;
  name: string;
  aliasName: string | null;
  operatingSystem: string;
  startsAt: Date | null;
  endsAt: Date | null;
  publicAddress: string | null;
  privateAddress: string | null;
  isBlocked: boolean;
  isClone: boolean;
  isGoldCopy: boolean;
  machineUuid: string | null;
  serviceType: string;
  status: (typeof virtualMachines.$inferSelect)['status'];
  isUpdating: boolean;
  backupCount: number;
};

const flag = (value: boolean) => (value ? 1 : 0);

function toActiveVm(record: VmRecord): TActiveVm {
  return {
    ID: record.id,
    vmName: record.name,
    aliasName: record.aliasName,
    operatingSystem: record.operatingSystem,
    cpu_Count: record.vcpus,
    ram_Count: record.ramGb,
    // All its disks: the Products and Backup tabs show what Update, Renew and Clone bill.
    disk_Count: totalDiskGb(record),
    startDate: record.startsAt?.toISOString() ?? null,
    endDate: record.endsAt?.toISOString() ?? null,
    ciscoMerakiIP: record.publicAddress,
    isBlocked: flag(record.isBlocked),
    isClone: flag(record.isClone),
    isGoldCopy: flag(record.isGoldCopy),
    createdUUID: record.machineUuid,
    serviceCategory: record.serviceType,
    // The query lists neither deleted nor archived machines.
    status: record.status as ActiveVmStatus,
    privateAddress: record.privateAddress,
    isUpdating: flag(record.isUpdating),
    backupCount: record.backupCount,
  };
}
