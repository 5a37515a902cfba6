import { and, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { rowsOf, type Database } from '../../../db/client';
import { customers, notifications } from '../../../db/schema/accounts';
import { companies } from '../../../db/schema/company';
import { orders } from '../../../db/schema/orders';
import { virtualMachines, vmExpiryNotices } from '../../../db/schema/virtual-machines';
import type { JobQueue } from '../../../jobs/job-queue';
import { QUEUES } from '../../../jobs/queues';
import { mailFromCompany } from '../../../mail/mail-company-and-sender';
import type { MailSender, MailService } from '../../../mail/mail-service';
import {
  expiryNoticeText,
  vmExpiryMail,
  type ExpiryNoticeKind,
} from '../../../mail/templates/vm-expiry-mails';

/**
 * The expiry sweep (ADR 017): reminders 7 days and 1 day before a machine's end date, the move to
 * `expired` at the end date, and to `archived` a grace period later. Every decision is one
 * conditional statement, so sweeps may overlap (two processes, a slow run and the next one) and
 * still notify once and queue each machine's hypervisor work once; that work is a
 * `vm-lifecycle` job of its own (`vm-lifecycle-jobs.ts`), retried with backoff.
 */

export const DAY_MS = 86_400_000;
/** Machines read (or moved) per statement. */
const SWEEP_BATCH_SIZE = 200;
/** The statuses of a machine in its period: the ones reminded and expired. */
const IN_PERIOD_STATUSES = ['running', 'shutoff', 'busy'] as const;
/** The partial index `virtual_machines_ends_idx` covers every status but these. */
const UNINDEXED_STATUSES = ['deleted', 'archived', 'failed'] as const;

/**
 * A vm-lifecycle job: what the hypervisor must do to one machine after a sweep's decision, or
 * (`finish-delete`) after a customer's delete, should the process that claimed it stop first.
 */
export type VmLifecycleJob =
  | { vmId: number; action: 'power-off' }
  | { vmId: number; action: 'archive' }
  | { vmId: number; action: 'start-restored' }
  | { vmId: number; action: 'finish-delete' };

/** 1–2 s, then doubling: a machine mid-operation is looked at again soon, an outage for hours. */
export const LIFECYCLE_JOB_RETRIES = { retryLimit: 14, retryDelay: 1, retryBackoff: true };

export type ExpiryDeps = {
  db: Database;
  mail: MailService;
  jobs: Pick<JobQueue, 'sendMany'>;
  archiveGraceDays: number;
};

type SweepReport = { reminded: number; expired: number; archived: number };

export async function sweepVmLifecycle(deps: ExpiryDeps, now: Date): Promise<SweepReport> {
  const reminded = await sendReminders(deps, now);
  const expired = await moveDue(deps, now, 'expired');
  const archived = await moveDue(deps, now, 'archived');
  return { reminded, expired, archived };
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The reminder a machine is due at `now`, by the time left until its end date. */
export function reminderKind(endsAt: Date, now: Date): 'reminder-7d' | 'reminder-1d' | null {
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0 || left > 7 * DAY_MS) return null;
  return left <= DAY_MS ? 'reminder-1d' : 'reminder-7d';
}

/**
 * Machines whose end date is at most 7 days away, read in batches in end-date order on the
 * partial index; for each batch the notices are inserted (`ON CONFLICT DO NOTHING RETURNING`),
 * and only the rows that statement returned get their bell line and mail, in its transaction.
 */
async function sendReminders(deps: ExpiryDeps, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + 7 * DAY_MS);
  let sent = 0;
  let after: { endsAt: Date; id: number } | null = null;
  for (;;) {
    const batch: { id: number; endsAt: Date | null }[] = await deps.db
      .select({ id: virtualMachines.id, endsAt: virtualMachines.endsAt })
      .from(virtualMachines)
      .where(
        and(
          notInArray(virtualMachines.status, [...UNINDEXED_STATUSES]),
          inArray(virtualMachines.status, [...IN_PERIOD_STATUSES]),
          gt(virtualMachines.endsAt, now),
          lte(virtualMachines.endsAt, horizon),
          after === null
            ? undefined
            : or(
                gt(virtualMachines.endsAt, after.endsAt),
                and(eq(virtualMachines.endsAt, after.endsAt), gt(virtualMachines.id, after.id)),
              ),
        ),
      )
      .orderBy(virtualMachines.endsAt, virtualMachines.id)
      .limit(SWEEP_BATCH_SIZE);
    if (batch.length === 0) return sent;
    const last = batch[batch.length - 1]!;
    after = { endsAt: last.endsAt!, id: last.id };

    const due = batch.flatMap(({ id, endsAt }) => {
      const kind = endsAt ? reminderKind(endsAt, now) : null;
      return kind ? [{ vmId: id, endsAt: endsAt!, kind }] : [];
    });
    if (due.length > 0) {
      sent += await deps.mail.inTransaction(async (tx, mail) => {
        const inserted = await tx
          .insert(vmExpiryNotices)
          .values(due)
          .onConflictDoNothing()
          .returning({ vmId: vmExpiryNotices.vmId, kind: vmExpiryNotices.kind });
        await notify(tx, mail, deps.archiveGraceDays, inserted as Notice[]);
        return inserted.length;
      });
    }
    if (batch.length < SWEEP_BATCH_SIZE) return sent;
  }
}

/**
 * Moves machines past their end date to `expired` (or, a grace period later, `expired` ones to
 * `archived`), a batch a statement: the UPDATE takes the due rows it can lock (`SKIP LOCKED`, so
 * an overlapping sweep takes others) and re-checks the condition, so a renewal that moved the end
 * date first wins. The moved rows get their notice, bell line, mail and hypervisor job in the
 * same transaction.
 */
async function moveDue(deps: ExpiryDeps, now: Date, to: 'expired' | 'archived'): Promise<number> {
  const from =
    to === 'expired' ? sql`status IN ('running', 'shutoff', 'busy')` : sql`status = 'expired'`;
  const dueBefore =
    to === 'expired' ? now : new Date(now.getTime() - deps.archiveGraceDays * DAY_MS);
  const stamp = to === 'expired' ? sql`expired_at` : sql`archived_at`;
  let moved = 0;
  for (;;) {
    const count = await deps.mail.inTransaction(async (tx, mail) => {
      const result = await tx.execute(sql`
        UPDATE ${virtualMachines} SET status = ${to}, ${stamp} = ${iso(now)}, updated_at = ${iso(now)}
        WHERE id IN (
          SELECT id FROM ${virtualMachines}
          WHERE status NOT IN ('deleted', 'archived', 'failed') AND ${from}
            AND ends_at <= ${iso(dueBefore)}
          ORDER BY ends_at
          LIMIT ${SWEEP_BATCH_SIZE}
          FOR UPDATE SKIP LOCKED
        ) AND ${from} AND ends_at <= ${iso(dueBefore)}
        RETURNING id, ends_at`);
      const rows = rowsOf<{ id: number; ends_at: Date | string }>(result);
      if (rows.length === 0) return 0;
      const inserted = await tx
        .insert(vmExpiryNotices)
        .values(rows.map((row) => ({ vmId: row.id, endsAt: new Date(row.ends_at), kind: to })))
        .onConflictDoNothing()
        .returning({ vmId: vmExpiryNotices.vmId, kind: vmExpiryNotices.kind });
      await notify(tx, mail, deps.archiveGraceDays, inserted as Notice[]);
      await deps.jobs.sendMany(
        rows.map((row) => ({
          queue: QUEUES.vmLifecycle,
          data: { vmId: row.id, action: to === 'expired' ? 'power-off' : 'archive' },
          ...LIFECYCLE_JOB_RETRIES,
        })),
        tx,
      );
      return rows.length;
    });
    moved += count;
    if (count < SWEEP_BATCH_SIZE) return moved;
  }
}

type Notice = { vmId: number; kind: ExpiryNoticeKind };

/** The bell line and the mail of each notice just inserted, in the order's language. */
async function notify(
  tx: Database,
  mail: MailSender,
  graceDays: number,
  notices: Notice[],
): Promise<void> {
  if (notices.length === 0) return;
  const kindOf = new Map(notices.map((notice) => [notice.vmId, notice.kind]));
  const rows = await tx
    .select({
      vmId: virtualMachines.id,
      name: virtualMachines.name,
      aliasName: virtualMachines.aliasName,
      endsAt: virtualMachines.endsAt,
      customerId: virtualMachines.customerId,
      email: customers.email,
      language: orders.language,
      company: companies,
    })
    .from(virtualMachines)
    .innerJoin(customers, eq(customers.id, virtualMachines.customerId))
    .innerJoin(orders, eq(orders.id, virtualMachines.orderId))
    .innerJoin(companies, eq(companies.id, virtualMachines.companyId))
    .where(inArray(virtualMachines.id, [...kindOf.keys()]));
  const bells: { customerId: number; detail: string }[] = [];
  for (const row of rows) {
    const kind = kindOf.get(row.vmId)!;
    const language: TLanguage = row.language === 'ko' ? 'ko' : 'en';
    const vm = {
      vmName: row.aliasName || row.name,
      endsAt: row.endsAt!,
      timeZone: row.company.timeZone,
      renewalsUrl: new URL('/CustomerProfile/3', row.company.portalUrl).toString(),
    };
    bells.push({
      customerId: row.customerId,
      detail: expiryNoticeText(kind, language, vm, graceDays),
    });
    await mailFromCompany(mail, row.company, {
      kind: `vm-${kind}`,
      to: row.email,
      render: (brand) => vmExpiryMail(brand, language, kind, vm, graceDays),
    });
  }
  if (bells.length > 0) await tx.insert(notifications).values(bells);
}
