import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  RENEWAL_VMS_PAGE_SIZE,
  RENEWAL_DUE_DAYS,
  RENEWAL_VM_STATUSES,
  type RenewalVmStatus,
  type TRenewalVm,
  type TRenewalVmsPage,
} from '@cloud-portal/contract/vms/renewals';
import { totalDiskGb } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { RENEWAL_KINDS } from '../orders/renew-vm';
import { withMachineSizes } from './vm-sizes';
import type { OwnerScope } from '../../../tenancy/owner-scope';

const DAY_MS = 86_400_000;

const listedOf = (owner: OwnerScope) =>
  and(
    eq(virtualMachines.companyId, owner.companyId),
    eq(virtualMachines.customerId, owner.customerId),
    inArray(virtualMachines.status, [...RENEWAL_VM_STATUSES]),
    isNotNull(virtualMachines.endsAt),
  );

/**
 * One page of the machines the customer can renew (ADR 017, 018): in their period, expired or
 * archived, soonest end date first. A renewed machine stays listed and is `isRenewed` from the
 * renewal's payment until it is due again (its end date at most RENEWAL_DUE_DAYS away, when the
 * first reminder goes): while the paid renewal is applied, and after, while the period it bought
 * is not yet due. Read on `virtual_machines_customer_idx` (company, customer, status): a
 * customer's own rows only. `isRenewed` is one probe of `order_targets_vm_idx` per row of the page.
 */
export async function listRenewalVms(
  db: Database,
  owner: OwnerScope,
  page: number,
  now: Date = new Date(),
): Promise<TRenewalVmsPage> {
  const totalOfOwner = db.select({ total: count() }).from(virtualMachines).where(listedOf(owner));
  const dueFrom = new Date(now.getTime() + RENEWAL_DUE_DAYS * DAY_MS);
  // Written out: in a one-table select Drizzle leaves column names unqualified, which would
  // bind `id` to the subquery's own tables.
  const isRenewed = sql<boolean>`exists (
    select 1 from order_targets target inner join orders renewal on renewal.id = target.order_id
    where target.vm_id = virtual_machines.id
      and renewal.kind in (${sql.raw(RENEWAL_KINDS.join(', '))})
      and renewal.status = 'paid'
      and (renewal.applied_at is null or virtual_machines.ends_at > ${dueFrom.toISOString()}::timestamptz))`.mapWith(
    Boolean,
  );
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
      isBlocked: virtualMachines.isBlocked,
      status: virtualMachines.status,
      isRenewed,
      total: sql<number>`(${totalOfOwner})`.mapWith(Number),
    })
    .from(virtualMachines)
    .where(listedOf(owner))
    .orderBy(asc(virtualMachines.endsAt), asc(virtualMachines.id))
    .limit(RENEWAL_VMS_PAGE_SIZE)
    .offset((page - 1) * RENEWAL_VMS_PAGE_SIZE);

  const total = rows[0]?.total ?? (page === 1 ? 0 : ((await totalOfOwner)[0]?.total ?? 0));
  return {
    rows: (await withMachineSizes(db, rows)).map((row): TRenewalVm => ({
      ID: row.id,
      vmName: row.name,
      aliasName: row.aliasName,
      operatingSystem: row.operatingSystem,
      cpu_Count: row.vcpus,
      ram_Count: row.ramGb,
      disk_Count: totalDiskGb(row),
      startDate: row.startsAt?.toISOString() ?? null,
      // The query keeps only rows with an end date.
      endDate: row.endsAt!.toISOString(),
      isRenewed: row.isRenewed ? 1 : 0,
      isBlocked: row.isBlocked ? 1 : 0,
      status: row.status as RenewalVmStatus,
    })),
    total,
    page,
    pageSize: RENEWAL_VMS_PAGE_SIZE,
  };
}
