import { and, asc, count, desc, eq, lte, ne, type SQL } from 'drizzle-orm';
import {
  BACKUP_DAYS_PER_UNIT,
  backupMessages,
  type BackupKind,
} from '@cloud-portal/contract/vms/backup-pricing';
import {
  VM_BACKUPS_PAGE_SIZE,
  type TRestoreCloneVmResponse,
  type TViewCloneVmResponse,
  type TVmBackup,
  type TVmBackupsPage,
} from '@cloud-portal/contract/vms/backups';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-actions';
import type { Database } from '../../../db/client';
import {
  vmBackups,
  virtualMachines,
  type VmRow,
  type BackupRow,
} from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  type Hypervisor,
  type MachineState,
} from '../../../hypervisors/provider';
import { UnknownHypervisorDriver } from '../../../hypervisors/registry';
import { isCopyClaim } from '../apply/apply-backup';
import { blockedMessage, findOwnVm } from '../queries/own-vm';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/**
 * The customer's clones and snapshots (vm-lifecycle.md §2.7, §7, §8; ADR 019): the list, a
 * clone's access details, delete and restore. Every lookup is scoped to the company and the
 * customer (404 otherwise, like a backup that does not exist). A delete or restore is claimed by
 * one conditional UPDATE of the backup's status before the hypervisor is asked, so of two at once
 * one proceeds and the other is refused; a hypervisor that refuses gives the row back.
 */

type BackupDeps = { db: Database; hypervisors: HypervisorConnector; now?: () => Date };

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
const kindOf = (backup: BackupRow): BackupKind => (backup.kind === 'clone' ? 'Clone' : 'Snapshot');

function toVmBackup(backup: BackupRow, parent: VmRow): TVmBackup {
  return {
    ID: backup.id,
    cloneParentID: backup.vmId,
    parentVmName: parent.aliasName ?? parent.name,
    vmName: backup.name,
    isCloneOrSnapshot: kindOf(backup),
    cloneCPU_Count: backup.vcpus,
    cloneRAM_Count: backup.ramGb,
    cloneDisk_Count: backup.diskGb,
    cloneDuration: backup.durationCount,
    cloneType: backup.durationType,
    cloneUUID: isCopyClaim(backup.hypervisorRef) ? null : backup.hypervisorRef,
    serviceCategory: parent.serviceType,
    isRestoredVM: flag(backup.status === 'restored'),
    isBlocked: flag(parent.isBlocked),
    status: backup.status,
    createdAt: backup.createdAt.toISOString(),
    expiresAt: backup.expiresAt?.toISOString() ?? null,
  };
}

/** GET vmAction/vmBackups: one page of a machine's backups (or all the customer's), newest first. */
export async function listVmBackups(
  db: Database,
  owner: OwnerScope,
  query: { vmId?: number; page: number },
): Promise<TVmBackupsPage> {
  if (query.vmId !== undefined) await findOwnVm(db, owner, { id: query.vmId });
  const where = and(
    eq(vmBackups.companyId, owner.companyId),
    eq(vmBackups.customerId, owner.customerId),
    ne(vmBackups.status, 'deleted'),
    query.vmId === undefined ? undefined : eq(vmBackups.vmId, query.vmId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ backup: vmBackups, parent: virtualMachines })
      .from(vmBackups)
      .innerJoin(virtualMachines, eq(virtualMachines.id, vmBackups.vmId))
      .where(where)
      .orderBy(desc(vmBackups.createdAt), desc(vmBackups.id))
      .limit(VM_BACKUPS_PAGE_SIZE)
      .offset((query.page - 1) * VM_BACKUPS_PAGE_SIZE),
    db.select({ n: count() }).from(vmBackups).where(where),
  ]);
  return {
    rows: rows.map(({ backup, parent }) => toVmBackup(backup, parent)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: VM_BACKUPS_PAGE_SIZE,
  };
}

/** The customer's backup by its hypervisor id (of `kind` when given), with its machine; 404 otherwise. */
async function findOwnBackup(
  db: Database,
  owner: OwnerScope,
  ref: string,
  kind?: 'clone' | 'snapshot',
): Promise<{ backup: BackupRow; parent: VmRow }> {
  if (isCopyClaim(ref)) throw new AppError(404, backupMessages.backupNotFound);
  const conditions: (SQL | undefined)[] = [
    eq(vmBackups.companyId, owner.companyId),
    eq(vmBackups.customerId, owner.customerId),
    eq(vmBackups.hypervisorRef, ref),
    ne(vmBackups.status, 'deleted'),
    kind === undefined ? undefined : eq(vmBackups.kind, kind),
  ];
  const [found] = await db
    .select({ backup: vmBackups, parent: virtualMachines })
    .from(vmBackups)
    .innerJoin(
      virtualMachines,
      and(eq(virtualMachines.id, vmBackups.vmId), eq(virtualMachines.companyId, owner.companyId)),
    )
    .where(and(...conditions))
    .limit(1);
  if (!found) throw new AppError(404, backupMessages.backupNotFound);
  return found;
}

function unavailable(error: unknown): AppError | null {
  return error instanceof HypervisorUnavailable || error instanceof UnknownHypervisorDriver
    ? new AppError(503, vmActionMessages.hypervisorUnavailable)
    : null;
}

async function connect(deps: BackupDeps, parent: VmRow): Promise<Hypervisor> {
  try {
    return await deps.hypervisors(parent.serviceType, parent.companyId, parent.driver || undefined);
  } catch (error) {
    throw unavailable(error) ?? error;
  }
}

/** The parent machine is shut off (or no longer running anywhere): deletes and snapshot restores need it. */
async function assertParentShutOff(hypervisor: Hypervisor, parent: VmRow): Promise<void> {
  if (['expired', 'archived', 'failed', 'deleted'].includes(parent.status)) return;
  if (!parent.machineUuid) throw new AppError(400, backupMessages.mustBeShutOff);
  let state: MachineState;
  try {
    state = await hypervisor.status(parent.machineUuid);
  } catch (error) {
    throw unavailable(error) ?? error;
  }
  if (state !== 'shutoff' && state !== 'missing' && state !== 'failed') {
    throw new AppError(400, backupMessages.mustBeShutOff);
  }
}

/** POST vmAction/viewCloneVM: a clone's access details, with a fresh one-time password. */
export async function viewCloneVm(
  deps: BackupDeps,
  owner: OwnerScope,
  request: { uuid: string; portalUrl: string },
): Promise<TViewCloneVmResponse> {
  const { backup, parent } = await findOwnBackup(deps.db, owner, request.uuid);
  if (parent.isBlocked) throw new AppError(403, blockedMessage('use'));
  if (backup.kind === 'snapshot') throw new AppError(400, backupMessages.snapshotHasNoAccess);
  if (backup.status !== 'ready' && backup.status !== 'restored') {
    throw new AppError(409, backupMessages.backupNotReady);
  }
  const hypervisor = await connect(deps, parent);
  let access;
  try {
    access = await hypervisor.accessDetails(request.uuid);
  } catch (error) {
    if (error instanceof HypervisorRefused) {
      throw new AppError(409, vmActionMessages.missingAtHypervisor);
    }
    throw unavailable(error) ?? error;
  }
  const consoleUrl = new URL(access.consoleUrl, request.portalUrl).toString();
  return {
    user: access.user,
    password: access.password,
    provider: parent.serviceType,
    apiUrl: null,
    systemUrl: consoleUrl,
    consoleUrl,
    cloudServiceUrl: null,
    privateAddress: access.privateAddress,
  };
}

/**
 * POST vmAction/deleteCloneVirtualMachine and vmAction/deleteSnapshot: only while the parent
 * machine is shut off (400 otherwise, §8). A restored clone is a machine of its own now: it is
 * deleted from Products.
 */
export async function deleteBackup(
  deps: BackupDeps,
  owner: OwnerScope,
  ref: string,
  kind: 'clone' | 'snapshot',
): Promise<{ backup: BackupRow }> {
  const now = deps.now ?? (() => new Date());
  const { backup, parent } = await findOwnBackup(deps.db, owner, ref, kind);
  if (backup.status === 'restored') throw new AppError(409, backupMessages.restoredIsAMachine);
  if (backup.status !== 'ready' && backup.status !== 'failed') {
    throw new AppError(409, backupMessages.backupNotReady);
  }
  const hypervisor = await connect(deps, parent);
  await assertParentShutOff(hypervisor, parent);

  const [claimed] = await deps.db
    .update(vmBackups)
    .set({ status: 'deleted', updatedAt: now() })
    .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, backup.status)))
    .returning();
  if (!claimed) throw new AppError(404, backupMessages.backupNotFound);
  try {
    await hypervisor.delete(ref);
  } catch (error) {
    if (error instanceof HypervisorRefused && error.reason === 'missing')
      return { backup: claimed };
    await deps.db
      .update(vmBackups)
      .set({ status: backup.status, updatedAt: now() })
      .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'deleted')));
    if (error instanceof HypervisorRefused) {
      throw new AppError(
        409,
        error.reason === 'busy' ? vmActionMessages.busy : vmActionMessages.invalidRequest,
      );
    }
    throw unavailable(error) ?? error;
  }
  return { backup: claimed };
}

/** The days a backup was bought for (its order's period): Daily 1, Weekly 7, Monthly 30 a unit. */
const keptDaysOf = (backup: BackupRow) =>
  backup.durationCount * BACKUP_DAYS_PER_UNIT[backup.durationType];

/** When a backup's paid time ends: its `expires_at` (set when it was made, + the kept days). */
const paidEndOf = (backup: BackupRow) =>
  backup.expiresAt ?? new Date(backup.createdAt.getTime() + keptDaysOf(backup) * 86_400_000);

/**
 * POST virtualMachine/restoreCloneVM. A clone becomes a machine of its own, listed in Products
 * with isClone 1 (the backup's order is its order; it runs until the end of the clone's own
 * bought duration, then expires and is renewed like any machine, ADR 019).
 * A snapshot rolls its parent's disks back (the parent must be shut off) and stays available.
 * Any refusal answers 400 'Unable to restore Clone Virtual Machine. Try again in sometime.'
 */
export async function restoreBackup(
  deps: BackupDeps,
  owner: OwnerScope,
  ref: string,
): Promise<TRestoreCloneVmResponse> {
  const now = deps.now ?? (() => new Date());
  const { backup, parent } = await findOwnBackup(deps.db, owner, ref);
  if (parent.isBlocked) throw new AppError(403, blockedMessage('use'));
  if (backup.status !== 'ready') throw new AppError(400, backupMessages.cloneRestoreFailed);
  // A clone runs for what was paid for it (ADR 019): its own kept duration, which ends when the
  // backup does. Once that has passed there is nothing paid left to run.
  const cloneEndsAt = backup.kind === 'clone' ? paidEndOf(backup) : null;
  if (cloneEndsAt !== null && cloneEndsAt <= now()) {
    throw new AppError(409, backupMessages.clonePeriodEnded);
  }
  // A snapshot goes back onto its own machine, which an archived one no longer has running.
  if (backup.kind === 'snapshot' && parent.status === 'archived') {
    throw new AppError(409, backupMessages.restoreArchivedFirst);
  }
  const hypervisor = await connect(deps, parent);
  if (backup.kind === 'snapshot') await assertParentShutOff(hypervisor, parent);

  const [claimed] = await deps.db
    .update(vmBackups)
    .set({ status: 'restoring', updatedAt: now() })
    .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'ready')))
    .returning({ id: vmBackups.id });
  if (!claimed) throw new AppError(400, backupMessages.cloneRestoreFailed);
  const giveBack = () =>
    deps.db
      .update(vmBackups)
      .set({ status: 'ready', updatedAt: now() })
      .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'restoring')));

  let sizes;
  try {
    await hypervisor.restore(
      backup.kind === 'clone'
        ? { kind: 'clone', uuid: ref }
        : { kind: 'snapshot', snapshotId: ref },
    );
    sizes = await hypervisor.details(ref);
  } catch (error) {
    await giveBack();
    if (error instanceof HypervisorRefused && error.reason === 'not-shut-off') {
      throw new AppError(400, backupMessages.mustBeShutOff);
    }
    throw new AppError(400, backupMessages.cloneRestoreFailed);
  }

  if (backup.kind === 'snapshot') {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(virtualMachines)
        .set({ diskGb: sizes.diskGb, updatedAt: now() })
        .where(and(eq(virtualMachines.id, parent.id), ne(virtualMachines.status, 'deleted')));
      await tx
        .update(vmBackups)
        .set({ status: 'ready', updatedAt: now() })
        .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'restoring')));
    });
    return { cloneUUID: ref, isCloneOrSnapshot: 'Snapshot', vmID: parent.id, status: 'ready' };
  }

  const vmId = await deps.db.transaction(async (tx) => {
    await tx
      .insert(virtualMachines)
      .values({
        companyId: parent.companyId,
        customerId: parent.customerId,
        orderId: backup.orderId!,
        productId: parent.productId,
        name: backup.name,
        operatingSystem: parent.operatingSystem,
        serviceType: parent.serviceType,
        driver: hypervisor.driverId,
        machineUuid: ref,
        privateAddress: sizes.privateAddress,
        status: 'busy',
        ramGb: sizes.ramGb,
        vcpus: sizes.vcpus,
        diskGb: sizes.diskGb,
        // Its own bought duration, not its parent's: from then on it expires and is renewed
        // like any machine, at its own sizes' price (ADR 017, 018, 019).
        periodDays: keptDaysOf(backup),
        isGoldCopy: parent.isGoldCopy,
        isClone: true,
        startsAt: now(),
        endsAt: cloneEndsAt,
      })
      .onConflictDoNothing({ target: virtualMachines.orderId });
    const [row] = await tx
      .select({ id: virtualMachines.id })
      .from(virtualMachines)
      .where(
        and(
          eq(virtualMachines.orderId, backup.orderId!),
          eq(virtualMachines.companyId, owner.companyId),
        ),
      );
    await tx
      .update(vmBackups)
      .set({ status: 'restored', updatedAt: now() })
      .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'restoring')));
    return row!.id;
  });
  return { cloneUUID: ref, isCloneOrSnapshot: 'Clone', vmID: vmId, status: 'restored' };
}

/**
 * Deletes the backups whose kept duration has passed (for the lifecycle sweep, ADR 019): each is
 * claimed by one conditional UPDATE (still ready, still past its date) before the hypervisor
 * deletes it, so two sweeps never both act; one the hypervisor refuses (busy, unreachable) is
 * given back and tried again on a later sweep. Restored clones are machines now and are left.
 * Answers how many were deleted.
 */
export async function deleteExpiredBackups(
  deps: BackupDeps,
  now: Date,
  limit = 50,
): Promise<number> {
  const due = await deps.db
    .select({ backup: vmBackups, parent: virtualMachines })
    .from(vmBackups)
    .innerJoin(virtualMachines, eq(virtualMachines.id, vmBackups.vmId))
    .where(and(eq(vmBackups.status, 'ready'), lte(vmBackups.expiresAt, now)))
    .orderBy(asc(vmBackups.expiresAt))
    .limit(limit);
  let deleted = 0;
  for (const { backup, parent } of due) {
    const [claimed] = await deps.db
      .update(vmBackups)
      .set({ status: 'deleted', updatedAt: now })
      .where(
        and(
          eq(vmBackups.id, backup.id),
          eq(vmBackups.status, 'ready'),
          lte(vmBackups.expiresAt, now),
        ),
      )
      .returning({ id: vmBackups.id });
    if (!claimed || !backup.hypervisorRef) continue;
    try {
      const hypervisor = await deps.hypervisors(
        parent.serviceType,
        parent.companyId,
        parent.driver || undefined,
      );
      await hypervisor.delete(backup.hypervisorRef);
      deleted += 1;
    } catch (error) {
      if (error instanceof HypervisorRefused && error.reason === 'missing') {
        deleted += 1;
        continue;
      }
      await deps.db
        .update(vmBackups)
        .set({ status: 'ready', updatedAt: now })
        .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.status, 'deleted')));
    }
  }
  return deleted;
}
