import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { MachineSizes } from '@cloud-portal/contract/vms/machine-sizes';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import type { Database } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { orderTargets, virtualMachines, vmBackups } from '../../../db/schema/virtual-machines';

/**
 * Where a machine's sizes come from (ADR 019, issue 25): RAM, vCPUs and its own disk are the
 * machine's row; the added disks are the portal's record of its applied Disk updates (for a
 * restored clone, first those its parent had applied when the clone was copied). Every call
 * that shows or bills a machine's size reads them here and sums them with
 * `@cloud-portal/contract/vms/machine-sizes`, so no screen shows one size and bills another.
 */

/**
 * The GB of each disk added to each of the machines: one per applied Disk update, oldest first
 * (one query for a whole page of machines; a machine without added disks has an empty list).
 */
async function addedDisksByVm(
  db: Database,
  vmIds: readonly number[],
): Promise<Map<number, number[]>> {
  const added = new Map<number, number[]>(vmIds.map((id) => [id, []]));
  if (vmIds.length === 0) return added;
  const ids = [...new Set(vmIds)];
  const rows = await db
    .select({ vmId: orderTargets.vmId, lines: orders.lines })
    .from(orders)
    .innerJoin(orderTargets, eq(orderTargets.orderId, orders.id))
    .where(
      and(
        inArray(orderTargets.vmId, ids),
        eq(orders.kind, ORDER_KINDS.update),
        sql`${orders.details}->>'updateType' = 'Disk'`,
        isNotNull(orders.appliedAt),
      ),
    )
    .orderBy(asc(orders.appliedAt), asc(orders.id));
  // A restored clone came with the disks its parent had when it was copied (before its backup
  // row was written, which is before the copy was asked for): those first, then its own.
  const copied = await db
    .select({ vmId: virtualMachines.id, lines: orders.lines })
    .from(virtualMachines)
    .innerJoin(
      vmBackups,
      and(
        eq(vmBackups.orderId, virtualMachines.orderId),
        eq(vmBackups.companyId, virtualMachines.companyId),
        eq(vmBackups.kind, 'clone'),
      ),
    )
    .innerJoin(orderTargets, eq(orderTargets.vmId, vmBackups.vmId))
    .innerJoin(orders, eq(orders.id, orderTargets.orderId))
    .where(
      and(
        inArray(virtualMachines.id, ids),
        eq(virtualMachines.isClone, true),
        eq(orders.kind, ORDER_KINDS.update),
        sql`${orders.details}->>'updateType' = 'Disk'`,
        lt(orders.appliedAt, vmBackups.createdAt),
      ),
    )
    .orderBy(asc(orders.appliedAt), asc(orders.id));
  for (const row of [...copied, ...rows]) {
    added.get(row.vmId)?.push(row.lines.find((line) => line.name === 'Disk')?.count ?? 0);
  }
  return added;
}

/** The GB of each disk added to one machine, oldest first. */
export async function addedDisksOf(db: Database, vmId: number): Promise<number[]> {
  return (await addedDisksByVm(db, [vmId])).get(vmId) ?? [];
}

type SizedRow = { id: number; ramGb: number; vcpus: number; diskGb: number };

/** The rows, each with its machine's sizes (the added disks read in one query). */
export async function withMachineSizes<Row extends SizedRow>(
  db: Database,
  rows: readonly Row[],
): Promise<(Row & MachineSizes)[]> {
  const added = await addedDisksByVm(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, addedDisksGb: added.get(row.id) ?? [] }));
}
