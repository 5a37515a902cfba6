import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { rowsOf } from '../../../db/client';
import { notifications } from '../../../db/schema/accounts';
import { orders, vmRequests } from '../../../db/schema/orders';
import { orderTargets, virtualMachines, type VmRow } from '../../../db/schema/virtual-machines';
import { HypervisorRefused, HypervisorUnavailable, isRefusal } from '../../../hypervisors/provider';
import type { JobQueue } from '../../../jobs/job-queue';
import { mailFromCompany } from '../../../mail/mail-company-and-sender';
import {
  renewalNoticeText,
  restartFailedNoticeText,
  vmRenewedMail,
  vmRestartFailedCompanyMail,
  vmRestartFailedMail,
} from '../../../mail/templates/vm-renewal-mails';
import { profileUrl } from './apply-context';
import type { ApplyDeps, ApplyOutcome, PaidOrder } from './paid-order-handler';
import { restoreArchivedVm, RestoreFailed } from '../lifecycle/archive-restore';
import { MachineNotSettled, runVmLifecycleJob } from '../lifecycle/vm-lifecycle-jobs';

/**
 * The `vm-request` job of a paid renewal (kinds 3 and 5; ADR 018), in two steps.
 *
 * 1. Extend, once per order: one transaction moves the order's `vm_requests` row from
 *    `awaiting-provisioning` to `renewal-extended` (the conditional UPDATE only one run wins),
 *    extends every target's end date from its old end or now, whichever is later, by the period
 *    (kind 3: the order's; kind 5: each machine's own), and writes the bell line and the
 *    "renewed until …" mail. A crash before the commit changes nothing; after it, no run extends
 *    again. Two paid orders are two rows: each extends once.
 * 2. Bring back into service, idempotent by each machine's state: an expired machine is claimed
 *    (`expired` → `busy`, so the sweep's pending power-off leaves it alone) and started; an
 *    archived one is restored (`restoreArchivedVm`); either is marked running once the hypervisor
 *    says so. A run that must wait answers `waiting` (the worker looks again later); a run that
 *    crashes half-way is taken up by the next, which finds each machine where it was left. When
 *    every machine is in service the order's `applied_at` is set. A machine still not back after
 *    RESTART_GIVE_UP_MS is given up: the customer and the company are told once, and the
 *    renewal (the paid end dates) stands; payment rows are never touched.
 */

export const RESTART_GIVE_UP_MS = 2 * 3_600_000;

export type RenewalApplyDeps = ApplyDeps & {
  /** The queue for the restore's own start job; without it this job starts the machine itself. */
  jobs?: Pick<JobQueue, 'send'>;
};

type Context = PaidOrder & { language: TLanguage };

const EXTENDED = 'renewal-extended';
const RENEWED = 'renewed';
const RESTART_FAILED = 'renewal-restart-failed';

type Standing = { inService: true } | { inService: false; reason: string };
const IN_SERVICE: Standing = { inService: true };
const notYet = (reason: string): Standing => ({ inService: false, reason });

export async function applyRenewal(deps: RenewalApplyDeps, paid: PaidOrder): Promise<ApplyOutcome> {
  const now = deps.now ?? (() => new Date());
  const { order, requestStatus } = paid;
  if (requestStatus === null) return { status: 'ignored' };
  if (order.appliedAt !== null) {
    return requestStatus === RESTART_FAILED ? { status: 'failed' } : { status: 'running' };
  }
  const context: Context = { ...paid, language: order.language === 'ko' ? 'ko' : 'en' };
  await extendOnce(deps, context, now());

  const targets = await deps.db
    .select({ vm: virtualMachines })
    .from(orderTargets)
    .innerJoin(virtualMachines, eq(virtualMachines.id, orderTargets.vmId))
    .where(eq(orderTargets.orderId, order.id))
    .orderBy(orderTargets.vmId);
  const stuck: { name: string; reason: string }[] = [];
  for (const { vm } of targets) {
    const standing = await bringBack(deps, vm, now());
    if (!standing.inService) stuck.push({ name: vm.aliasName || vm.name, reason: standing.reason });
  }
  if (stuck.length === 0) return finish(deps, order.id, now());

  const waited = now().getTime() - (order.settledAt ?? order.createdAt).getTime();
  if (waited >= RESTART_GIVE_UP_MS) return giveUp(deps, context, stuck, now());
  return { status: 'waiting', retryInSeconds: waited < 60_000 ? 5 : waited < 600_000 ? 20 : 60 };
}

/** Step 1: the end dates, the bell and the mail, by the one run that claims the request. */
async function extendOnce(
  deps: RenewalApplyDeps,
  { order, company, email, language }: Context,
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await deps.mail.inTransaction(async (tx, mail) => {
    const [claimed] = await tx
      .update(vmRequests)
      .set({ status: EXTENDED })
      .where(and(eq(vmRequests.orderId, order.id), eq(vmRequests.status, 'awaiting-provisioning')))
      .returning({ id: vmRequests.id });
    if (!claimed) return;
    const days = sql`(CASE WHEN ${order.kind}::int = 3 THEN ${order.periodDays}::int ELSE vm.period_days END)`;
    const extended = await tx.execute(sql`
      UPDATE ${virtualMachines} AS vm
      SET period_days = ${days},
        ends_at = GREATEST(COALESCE(vm.ends_at, ${at}), ${at}) + make_interval(days => ${days}),
        updated_at = ${at}
      FROM ${orderTargets} AS target
      WHERE target.order_id = ${order.id} AND vm.id = target.vm_id
        AND vm.company_id = ${order.companyId} AND vm.status <> 'deleted'
      RETURNING vm.id, vm.name, vm.alias_name, vm.ends_at`);
    const rows = rowsOf<{ id: number; name: string; alias_name: string | null; ends_at: string }>(
      extended,
    ).sort((a, b) => a.id - b.id);
    if (rows.length === 0) return;
    const details = {
      reference: order.reference,
      vms: rows.map((row) => ({
        vmName: row.alias_name || row.name,
        endsAt: new Date(row.ends_at),
      })),
      timeZone: company.timeZone,
      profileUrl: profileUrl(company),
    };
    await tx
      .insert(notifications)
      .values({ customerId: order.customerId, detail: renewalNoticeText(language, details) });
    await mailFromCompany(mail, company, {
      kind: `vm-renewed-${order.reference}`,
      to: email,
      render: (brand) => vmRenewedMail(brand, language, details),
    });
  });
}

/** Step 2 for one machine: where it stands, after doing what its state asks. */
async function bringBack(deps: RenewalApplyDeps, vm: VmRow, now: Date): Promise<Standing> {
  if (vm.endsAt === null || vm.endsAt.getTime() <= now.getTime()) {
    // Not extended (deleted before the payment was applied): nothing to bring back.
    return IN_SERVICE;
  }
  try {
    if (vm.status === 'expired') {
      if (!vm.machineUuid) return notYet('the machine has no hypervisor id');
      // Off `expired` first, so the sweep's pending power-off job leaves the machine alone.
      const [claimed] = await deps.db
        .update(virtualMachines)
        .set({ status: 'busy', updatedAt: now })
        .where(and(eq(virtualMachines.id, vm.id), eq(virtualMachines.status, 'expired')))
        .returning({ id: virtualMachines.id });
      if (!claimed) return notYet('the machine changed state');
      return await startExpired(deps, vm.id, now);
    }
    if (vm.status === 'archived') {
      const outcome = await restoreArchivedVm(
        {
          db: deps.db,
          connect: deps.connect,
          // Without the queue, this job's next runs start the restored machine (startRestored).
          jobs: deps.jobs ?? { send: async () => {} },
          now: () => now,
        },
        vm,
      );
      if (outcome === 'not-restorable') return notYet('the machine changed state');
      return await startRestored(deps, vm.id);
    }
    if (vm.archivedAt !== null && ['busy', 'shutoff', 'running'].includes(vm.status)) {
      // Being restored from the archive (by this job or the customer's Restore VM).
      return await startRestored(deps, vm.id);
    }
    if (vm.status === 'busy' && vm.expiredAt !== null) return await startExpired(deps, vm.id, now);
    return IN_SERVICE;
  } catch (error) {
    if (error instanceof RestoreFailed) return notYet('the hypervisor did not restore it');
    if (error instanceof HypervisorUnavailable) return notYet('the hypervisor is unavailable');
    if (error instanceof HypervisorRefused)
      return notYet(`the hypervisor refused (${error.reason})`);
    throw error;
  }
}

/**
 * An expired machine this job claimed (`busy`): started, and marked running (its expiry stamp
 * cleared) once the hypervisor says it runs.
 */
async function startExpired(deps: RenewalApplyDeps, vmId: number, now: Date): Promise<Standing> {
  const [vm] = await deps.db.select().from(virtualMachines).where(eq(virtualMachines.id, vmId));
  if (!vm || vm.status !== 'busy') return standingOf(vm?.status);
  const hypervisor = await deps.connect(vm.serviceType, vm.companyId, vm.driver || undefined);
  const state = await hypervisor.status(vm.machineUuid!);
  if (state === 'running') {
    await deps.db
      .update(virtualMachines)
      .set({ status: 'running', expiredAt: null, lastError: null, updatedAt: now })
      .where(and(eq(virtualMachines.id, vmId), eq(virtualMachines.status, 'busy')));
    return IN_SERVICE;
  }
  if (state === 'shutoff') {
    try {
      await hypervisor.start(vm.machineUuid!);
    } catch (error) {
      // Another operation got there first: looked at again on the next run.
      if (!isRefusal(error, 'busy') && !isRefusal(error, 'invalid-state')) throw error;
    }
    return notYet('starting');
  }
  return notYet(
    state === 'missing' ? 'the hypervisor has no such machine' : `the machine is ${state}`,
  );
}

/** A machine being restored from the archive: the lifecycle job's start, until it runs. */
async function startRestored(deps: RenewalApplyDeps, vmId: number): Promise<Standing> {
  try {
    const outcome = await runVmLifecycleJob(deps, { vmId, action: 'start-restored' });
    if (outcome === 'done') return IN_SERVICE;
  } catch (error) {
    if (error instanceof MachineNotSettled) return notYet(error.message);
    throw error;
  }
  const [row] = await deps.db
    .select({ status: virtualMachines.status, archivedAt: virtualMachines.archivedAt })
    .from(virtualMachines)
    .where(eq(virtualMachines.id, vmId));
  return row?.archivedAt === null
    ? standingOf(row.status)
    : notYet('the hypervisor has no such machine');
}

const standingOf = (status: string | undefined): Standing =>
  status === 'running' || status === 'shutoff'
    ? IN_SERVICE
    : notYet(`the machine is ${status ?? 'gone'}`);

/** Every machine is in service: the order is applied (once). */
async function finish(deps: RenewalApplyDeps, orderId: number, now: Date): Promise<ApplyOutcome> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(vmRequests)
      .set({ status: RENEWED })
      .where(and(eq(vmRequests.orderId, orderId), inArray(vmRequests.status, [EXTENDED])));
    await tx
      .update(orders)
      .set({ appliedAt: now })
      .where(and(eq(orders.id, orderId), sql`${orders.appliedAt} IS NULL`));
  });
  return { status: 'running' };
}

/** A machine did not come back in time: told once (customer and company); the renewal stands. */
async function giveUp(
  deps: RenewalApplyDeps,
  { order, company, email, language }: Context,
  stuck: { name: string; reason: string }[],
  now: Date,
): Promise<ApplyOutcome> {
  const vmNames = stuck.map((vm) => vm.name);
  const reason = stuck.map((vm) => `${vm.name}: ${vm.reason}`).join('; ');
  await deps.mail.inTransaction(async (tx, mail) => {
    const [moved] = await tx
      .update(vmRequests)
      .set({ status: RESTART_FAILED })
      .where(and(eq(vmRequests.orderId, order.id), eq(vmRequests.status, EXTENDED)))
      .returning({ id: vmRequests.id });
    if (!moved) return;
    await tx
      .update(orders)
      .set({ appliedAt: now })
      .where(and(eq(orders.id, order.id), sql`${orders.appliedAt} IS NULL`));
    const details = {
      reference: order.reference,
      vmNames,
      profileUrl: profileUrl(company),
    };
    await tx
      .insert(notifications)
      .values({ customerId: order.customerId, detail: restartFailedNoticeText(language, details) });
    await mailFromCompany(mail, company, {
      kind: `vm-renewal-restart-failed-${order.reference}`,
      to: email,
      render: (brand) => vmRestartFailedMail(brand, language, details),
    });
    if (company.email) {
      await mailFromCompany(mail, company, {
        kind: `vm-renewal-restart-failed-company-${order.reference}`,
        to: company.email,
        render: (brand) =>
          vmRestartFailedCompanyMail(brand, { ...details, customerEmail: email, reason }),
      });
    }
  });
  return { status: 'failed' };
}
