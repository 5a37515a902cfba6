import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../../db/client';
import { notifications } from '../../../db/schema/accounts';
import { orders, vmRequests } from '../../../db/schema/orders';
import { orderTargets, virtualMachines, type VmRow } from '../../../db/schema/virtual-machines';
import { HypervisorRefused, HypervisorUnavailable } from '../../../hypervisors/provider';
import { mailFromCompany } from '../../../mail/mail-company-and-sender';
import {
  appliedNotice,
  failedNotice,
  orderAppliedMail,
  orderFailedCompanyMail,
  orderFailedMail,
  type AppliedOrder,
} from '../../../mail/templates/vm-order-mails';
import type { Company } from '../../../tenancy/company-directory';
import type { ApplyDeps, ApplyOutcome, PaidOrder } from './paid-order-handler';
import { APPLIED, APPLY_FAILED } from '../orders/vm-order-detail';

/**
 * What the apply jobs of kinds 2 (clone, snapshot) and 4 (update) share: the paid order with its
 * one machine, the one conditional claim that completes it (`orders.applied_at IS NULL`) or gives
 * it up (`vm_requests.status`), each with the customer's bell and mail written by the winner only.
 * Orders and payment rows are never touched beyond `applied_at`.
 */

export type ApplyContext = PaidOrder & { vm: VmRow };

/** How long after payment a job keeps waiting on a busy machine or an unreachable hypervisor. */
const APPLY_DEADLINE_MS = 24 * 3_600_000;

/** The paid order with its one machine (the customer's own), or null when it has none. */
export async function loadApplyContext(
  db: Database,
  paid: PaidOrder,
): Promise<ApplyContext | null> {
  const { order } = paid;
  const [target] = await db
    .select({ vm: virtualMachines })
    .from(orderTargets)
    .innerJoin(
      virtualMachines,
      and(
        eq(virtualMachines.id, orderTargets.vmId),
        eq(virtualMachines.companyId, order.companyId),
        eq(virtualMachines.customerId, order.customerId),
      ),
    )
    .where(eq(orderTargets.orderId, order.id))
    .limit(1);
  return target ? { ...paid, vm: target.vm } : null;
}

/** The outcome of an order an earlier run finished, or null when it is still to do. */
export function finishedOutcome(context: ApplyContext): ApplyOutcome | null {
  if (context.order.appliedAt) return { status: 'running' };
  if (context.requestStatus === APPLY_FAILED) return { status: 'failed' };
  return null;
}

/** Past the time a job keeps waiting for this order. */
export function pastDeadline(context: ApplyContext, now: Date): boolean {
  const from = context.order.settledAt ?? context.order.createdAt;
  return now.getTime() - from.getTime() > APPLY_DEADLINE_MS;
}

/** The customer's machines in the portal, linked from the apply jobs' mails. */
export const profileUrl = (company: Company) =>
  new URL('/CustomerProfile/2', company.portalUrl).toString();

function describe(context: ApplyContext, what: AppliedOrder['what']): AppliedOrder {
  return {
    reference: context.order.reference,
    vmName: context.vm.aliasName ?? context.vm.name,
    what,
    profileUrl: profileUrl(context.company),
  };
}

/**
 * Completes the order: one conditional UPDATE of `orders.applied_at`; only its winner runs
 * `work` (the machine's or backup's rows) in the same transaction, marks the request applied,
 * writes the bell and queues the mail. Answers whether this run won.
 */
export async function completeOrder(
  deps: ApplyDeps,
  context: ApplyContext,
  what: AppliedOrder['what'],
  work: (tx: Database, now: Date) => Promise<void>,
  until?: (language: TLanguage) => string,
): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  const described = describe(context, what);
  const language = context.order.language;
  return deps.mail.inTransaction(async (tx, mail) => {
    const claimed = await tx
      .update(orders)
      .set({ appliedAt: now })
      .where(and(eq(orders.id, context.order.id), isNull(orders.appliedAt)))
      .returning({ id: orders.id });
    if (claimed.length === 0) return false;
    await work(tx, now);
    await tx
      .update(vmRequests)
      .set({ status: APPLIED })
      .where(eq(vmRequests.orderId, context.order.id));
    const untilText = until?.(language);
    await tx.insert(notifications).values({
      customerId: context.order.customerId,
      detail: appliedNotice(language, described, untilText),
    });
    await mailFromCompany(mail, context.company, {
      kind: `vm-${what.toLowerCase()}-applied-${context.order.reference}`,
      to: context.email,
      render: (brand) => orderAppliedMail(brand, language, described, untilText),
    });
    return true;
  });
}

/**
 * Gives the order up: one conditional UPDATE of its request (not applied, not already given up);
 * only its winner runs `work`, writes the bell and tells the customer and the company. The
 * reason is ours (no vendor text, no secret); the payment rows stay as they are.
 */
export async function failOrder(
  deps: ApplyDeps,
  context: ApplyContext,
  what: AppliedOrder['what'],
  reason: string,
  work?: (tx: Database, now: Date) => Promise<void>,
): Promise<ApplyOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const described = describe(context, what);
  const language = context.order.language;
  await deps.mail.inTransaction(async (tx, mail) => {
    // Read again under a lock, not taken from the context: a run that applied the order since
    // leaves nothing to give up, and one applying it now waits for this transaction.
    const [unapplied] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, context.order.id), isNull(orders.appliedAt)))
      .for('update');
    if (!unapplied) return;
    const claimed = await tx
      .update(vmRequests)
      .set({ status: APPLY_FAILED })
      .where(
        and(
          eq(vmRequests.orderId, context.order.id),
          notInArray(vmRequests.status, [APPLIED, APPLY_FAILED]),
        ),
      )
      .returning({ id: vmRequests.id });
    if (claimed.length === 0) return;
    await work?.(tx, now);
    await tx.insert(notifications).values({
      customerId: context.order.customerId,
      detail: failedNotice(language, described),
    });
    await mailFromCompany(mail, context.company, {
      kind: `vm-${what.toLowerCase()}-failed-${context.order.reference}`,
      to: context.email,
      render: (brand) => orderFailedMail(brand, language, described),
    });
    if (context.company.email) {
      await mailFromCompany(mail, context.company, {
        kind: `vm-${what.toLowerCase()}-failed-company-${context.order.reference}`,
        to: context.company.email,
        render: (brand) =>
          orderFailedCompanyMail(brand, { ...described, customerEmail: context.email, reason }),
      });
    }
  });
  // Read again: the winner may have been another run, which applied the order after all.
  const [request] = await deps.db
    .select({ status: vmRequests.status })
    .from(vmRequests)
    .where(eq(vmRequests.orderId, context.order.id));
  return request?.status === APPLIED ? { status: 'running' } : { status: 'failed' };
}

/**
 * A hypervisor error during an apply run: a busy machine is waited for, an unreachable hypervisor
 * retried (the job's own retries) until the deadline, any other refusal gives the order up.
 */
export async function handleApplyError(
  deps: ApplyDeps,
  context: ApplyContext,
  what: AppliedOrder['what'],
  error: unknown,
  work?: (tx: Database, now: Date) => Promise<void>,
): Promise<ApplyOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const late = pastDeadline(context, now);
  if (error instanceof HypervisorRefused && error.reason !== 'busy') {
    return failOrder(deps, context, what, `the hypervisor refused: ${error.reason}`, work);
  }
  if (error instanceof HypervisorRefused) {
    if (late) return failOrder(deps, context, what, 'the machine stayed busy', work);
    return { status: 'waiting', retryInSeconds: 10 };
  }
  if (late) {
    const reason =
      error instanceof HypervisorUnavailable
        ? 'the hypervisor stayed unavailable'
        : 'unexpected error while applying';
    return failOrder(deps, context, what, reason, work);
  }
  throw error;
}
