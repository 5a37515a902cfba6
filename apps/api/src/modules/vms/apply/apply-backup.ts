import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, like, lt, ne, or } from 'drizzle-orm';
import { backupExpiry } from '@cloud-portal/contract/vms/backup-pricing';
import { backupDisplayName } from '@cloud-portal/contract/vms/backup-names';
import type { Database } from '../../../db/client';
import { vmBackups, type BackupRow } from '../../../db/schema/virtual-machines';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  type Hypervisor,
} from '../../../hypervisors/provider';
import { formatEndDate } from '../../../mail/templates/vm-expiry-mails';
import {
  completeOrder,
  failOrder,
  finishedOutcome,
  handleApplyError,
  loadApplyContext,
  pastDeadline,
  type ApplyContext,
} from './apply-context';
import type { ApplyDeps, ApplyOutcome, PaidOrder } from './paid-order-handler';

/** A backup is only taken of a machine in one of these states (the hypervisor decides for real). */
const BACKUP_SOURCE_STATUSES = ['running', 'shutoff', 'busy'];
const POLL_SECONDS = 5;
const NAME_LENGTH = 200;

/**
 * The name a backup is made under at the hypervisor: it carries the order, so a copy left behind
 * by a run that died between the hypervisor's answer and our write can be found (ADR 019). The
 * customer sees another (`backupDisplayName`).
 */
function backupNameOf(context: ApplyContext, kind: 'clone' | 'snapshot'): string {
  return `${context.vm.name} ${kind} order-${context.order.id}`.slice(0, NAME_LENGTH);
}

const failBackup = (backupId: number) => async (tx: Database, now: Date) => {
  await tx
    .update(vmBackups)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(vmBackups.id, backupId), eq(vmBackups.status, 'creating')));
};

/** The mark a run leaves in `hypervisor_ref` while it asks the hypervisor for the copy. */
const CLAIM_PREFIX = 'claim:';
/** After this long a claim is taken to be a dead run's, and another run may ask again. */
export const COPY_CLAIM_LEASE_MS = 10 * 60_000;

export const isCopyClaim = (ref: string | null) => ref !== null && ref.startsWith(CLAIM_PREFIX);

/**
 * Asks for the copy once: the run first claims the row (one conditional UPDATE: no id yet, or a
 * claim older than the lease), so of several runs at once one asks; then it writes the id in
 * place of its claim. A refusal or an unreachable hypervisor releases the claim (nothing was
 * made); a run that dies after the hypervisor accepted leaves the claim, and after the lease the
 * next run asks again: the dead run's copy is left at the hypervisor under the order's name
 * (ADR 019). Answers false when another run holds the claim.
 */
async function requestCopy(
  db: Database,
  hypervisor: Hypervisor,
  backup: BackupRow,
  machineUuid: string,
  hypervisorName: string,
  now: Date,
): Promise<boolean> {
  const claim = `${CLAIM_PREFIX}${randomUUID()}`;
  const leaseEnd = new Date(now.getTime() - COPY_CLAIM_LEASE_MS);
  const claimed = await db
    .update(vmBackups)
    .set({ hypervisorRef: claim, updatedAt: now })
    .where(
      and(
        eq(vmBackups.id, backup.id),
        eq(vmBackups.status, 'creating'),
        or(
          isNull(vmBackups.hypervisorRef),
          and(like(vmBackups.hypervisorRef, `${CLAIM_PREFIX}%`), lt(vmBackups.updatedAt, leaseEnd)),
        ),
      ),
    )
    .returning({ id: vmBackups.id });
  if (claimed.length === 0) return false;
  let ref: string;
  try {
    ref =
      backup.kind === 'clone'
        ? (await hypervisor.clone(machineUuid, hypervisorName)).uuid
        : (await hypervisor.snapshot(machineUuid, hypervisorName)).snapshotId;
  } catch (error) {
    if (error instanceof HypervisorRefused || error instanceof HypervisorUnavailable) {
      await db
        .update(vmBackups)
        .set({ hypervisorRef: null })
        .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.hypervisorRef, claim)));
    }
    throw error;
  }
  await db
    .update(vmBackups)
    .set({ hypervisorRef: ref, updatedAt: now })
    .where(and(eq(vmBackups.id, backup.id), eq(vmBackups.hypervisorRef, claim)));
  return true;
}

/**
 * The `vm-request` job of a paid clone or snapshot (kind 2). Everything it knows is in its
 * `vm_backups` row (one per order: `INSERT … ON CONFLICT DO NOTHING`), so any run takes up where
 * the last stopped: the hypervisor is asked for the copy only while the row has no
 * `hypervisor_ref`; the copy is waited for by running again; the move to ready happens in the
 * same transaction as the order's one conditional `applied_at` claim, whose winner alone tells
 * the customer. A machine that cannot be copied gives the order up (customer and company told).
 */
export async function applyBackupOrder(deps: ApplyDeps, paid: PaidOrder): Promise<ApplyOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const context = await loadApplyContext(deps.db, paid);
  if (!context) return { status: 'ignored' };
  const finished = finishedOutcome(context);
  if (finished) return finished;
  const { order, vm } = context;
  const what = order.details?.backupKind === 'Snapshot' ? 'Snapshot' : 'Clone';
  const kind = what === 'Snapshot' ? 'snapshot' : 'clone';
  const durationCount = order.details?.durationCount ?? 1;
  const durationType = order.details?.durationType ?? 'Daily';
  // The copy's number among this machine's copies of its kind (two orders applied in the same
  // instant may share one: the name is a label, the row's id is what identifies the copy).
  const [earlier] = await deps.db
    .select({ total: count() })
    .from(vmBackups)
    .where(
      and(
        eq(vmBackups.vmId, vm.id),
        eq(vmBackups.kind, kind),
        or(isNull(vmBackups.orderId), ne(vmBackups.orderId, order.id)),
      ),
    );
  const sequence = (earlier?.total ?? 0) + 1;

  await deps.db
    .insert(vmBackups)
    .values({
      companyId: order.companyId,
      customerId: order.customerId,
      vmId: vm.id,
      orderId: order.id,
      kind,
      name: backupDisplayName(vm, kind, sequence),
      ramGb: vm.ramGb,
      vcpus: vm.vcpus,
      diskGb: order.lines.find((line) => line.name === 'Disk')?.count ?? vm.diskGb,
      durationCount,
      durationType,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: vmBackups.orderId });
  const [backup] = await deps.db.select().from(vmBackups).where(eq(vmBackups.orderId, order.id));
  const onFailure = failBackup(backup!.id);

  const copyAsked = backup!.hypervisorRef !== null && !isCopyClaim(backup!.hypervisorRef);
  if (!copyAsked && (!vm.machineUuid || !BACKUP_SOURCE_STATUSES.includes(vm.status))) {
    return failOrder(deps, context, what, `the machine is ${vm.status}`, onFailure);
  }
  try {
    const hypervisor = await deps.connect(vm.serviceType, vm.companyId, vm.driver || undefined);
    if (!backup!.hypervisorRef || isCopyClaim(backup!.hypervisorRef)) {
      await requestCopy(
        deps.db,
        hypervisor,
        backup!,
        vm.machineUuid!,
        backupNameOf(context, kind),
        now,
      );
      return { status: 'waiting', retryInSeconds: POLL_SECONDS };
    }
    const state = await hypervisor.status(backup!.hypervisorRef);
    if (state === 'busy' || state === 'provisioning') {
      if (pastDeadline(context, now)) {
        return failOrder(deps, context, what, 'the copy did not finish in time', onFailure);
      }
      return { status: 'waiting', retryInSeconds: POLL_SECONDS };
    }
    if (state !== 'shutoff' && state !== 'running') {
      return failOrder(deps, context, what, `the copy is ${state}`, onFailure);
    }
    const expiresAt = backupExpiry(now, durationCount, durationType);
    await completeOrder(
      deps,
      context,
      what,
      async (tx, at) => {
        await tx
          .update(vmBackups)
          .set({ status: 'ready', expiresAt, updatedAt: at })
          .where(and(eq(vmBackups.id, backup!.id), eq(vmBackups.status, 'creating')));
      },
      (language) => formatEndDate(expiresAt, language, context.company.timeZone),
    );
    return { status: 'running' };
  } catch (error) {
    return handleApplyError(deps, context, what, error, onFailure);
  }
}
