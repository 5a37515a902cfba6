import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, like } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { RECOVERY_LINK_INVALID } from '@cloud-portal/contract/accounts/password-recovery';
import type { Database } from '../../db/client';
import { customers, passwordResetTokens, sessions } from '../../db/schema/accounts';
import { companies } from '../../db/schema/company';
import { mailOutbox } from '../../db/schema/mail';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import type { MailService } from '../../mail/mail-service';
import { passwordResetMail, userNameReminderMail } from '../../mail/templates/account-mails';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { Company } from '../../tenancy/company-directory';
import {
  RESET_LINK_TTL_MS,
  RESET_MAILS_PER_HOUR,
  USER_NAME_MAILS_PER_HOUR,
} from './account-settings';
import { randomToken, sha256 } from '../../lib/tokens';
import { portalLink } from '../../tenancy/portal-link';
import { forgetFailedPasswords } from './login-failures';
import { hashPassword } from './passwords';

/** What forgotPassword and forgotUserName leave for the job: the address as typed, checked later. */
export type RecoveryRequest = {
  companyId: number;
  email: string;
  language: TLanguage;
  wants: 'password-reset' | 'user-name-reminder';
  /**
   * One per forgotPassword/forgotUserName call: its mail's kind carries it, so a job run again
   * (after a crash, ADR 025) finds its mail already written and sends no second one. Jobs queued
   * before it existed have none.
   */
  requestId?: string;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * forgotPassword and forgotUserName: the request only queues a job, the same one for any address,
 * so neither the answer nor its timing tells whether the address has an account (ADR 011).
 */
export async function queueRecoveryRequest(
  jobs: JobQueue,
  company: Company,
  request: Omit<RecoveryRequest, 'companyId'>,
): Promise<void> {
  await jobs.send(
    QUEUES.accountRecovery,
    { ...request, companyId: company.id, requestId: randomUUID() } satisfies RecoveryRequest,
    { retryLimit: 3, retryDelay: 5 },
  );
}

/** The job: mails the account, when the address has one and its hourly cap allows; else nothing. */
export async function handleRecoveryRequest(
  deps: { db: Database; mail: MailService },
  request: RecoveryRequest,
): Promise<void> {
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(eq(companies.id, request.companyId));
  if (!company) return;
  await deps.mail.inTransaction(async (tx, mail) => {
    // The account's row lock makes "count, then write" one decision: jobs for the same account
    // wait here for each other, so the cap holds however many run at once.
    const [customer] = await tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, company.id),
          eq(customers.email, request.email.trim().toLowerCase()),
        ),
      )
      .for('no key update');
    if (!customer) return;
    // Under the row lock: a second run of this request (or one beside it) sees the first's mail.
    const kind = request.requestId ? `${request.wants}-${request.requestId}` : request.wants;
    if (request.requestId && (await hasMailOfKind(tx, company.id, customer.email, kind))) return;

    if (request.wants === 'user-name-reminder') {
      if ((await remindersInLastHour(tx, company.id, customer.email)) >= USER_NAME_MAILS_PER_HOUR)
        return;
      await mailFromCompany(mail, company, {
        kind,
        to: customer.email,
        render: (brand) => userNameReminderMail(brand, request.language, customer.email),
      });
      return;
    }

    if ((await resetLinksInLastHour(tx, customer.id)) >= RESET_MAILS_PER_HOUR) return;
    const token = randomToken();
    await tx.insert(passwordResetTokens).values({
      customerId: customer.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    await mailFromCompany(mail, company, {
      kind,
      to: customer.email,
      render: (brand) =>
        passwordResetMail(brand, request.language, portalLink(company, '/recoverpassword', token)),
    });
  });
}

async function resetLinksInLastHour(tx: Database, customerId: number): Promise<number> {
  const [recent] = await tx
    .select({ total: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.customerId, customerId),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  return recent?.total ?? 0;
}

async function remindersInLastHour(tx: Database, companyId: number, email: string) {
  const [recent] = await tx
    .select({ total: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, email),
        eq(mailOutbox.companyId, companyId),
        like(mailOutbox.kind, 'user-name-reminder%'),
        gt(mailOutbox.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  return recent?.total ?? 0;
}

/** An unused, unexpired link of this company's site: what the recovery page checks when it opens. */
async function findUsableLink(db: Database, company: Company, token: string) {
  const [found] = await db
    .select({ id: passwordResetTokens.id, email: customers.email })
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(customers.companyId, company.id),
      ),
    );
  return found ?? null;
}

/** checkResetLink: the same refusal for a fake, used, expired or other site's link. */
export async function checkResetLink(db: Database, company: Company, token: string): Promise<void> {
  if (!(await findUsableLink(db, company, token))) throw new AppError(400, RECOVERY_LINK_INVALID);
}

/**
 * Sets the new password from a recovery link (once, within the hour). In one transaction: the link
 * is spent, and with it every other unused link of the account, the password changes, every
 * session ends and the account's wrong-password pause is lifted.
 */
export async function resetPassword(
  deps: { db: Database; secret: string },
  company: Company,
  token: string,
  password: string,
): Promise<void> {
  // Checked first so a fake link costs no password hashing; the UPDATE below decides.
  const link = await findUsableLink(deps.db, company, token);
  if (!link) throw new AppError(400, RECOVERY_LINK_INVALID);
  const passwordHash = await hashPassword(password);

  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, link.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: passwordResetTokens.customerId });
    if (!spent) throw new AppError(400, RECOVERY_LINK_INVALID);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.customerId, spent.customerId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx
      .update(customers)
      .set({ passwordHash })
      .where(and(eq(customers.id, spent.customerId), eq(customers.companyId, company.id)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.customerId, spent.customerId), isNull(sessions.revokedAt)));
    await forgetFailedPasswords(tx, deps.secret, { companyId: company.id, email: link.email });
  });
}

async function hasMailOfKind(tx: Database, companyId: number, email: string, kind: string) {
  const [found] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, email),
        eq(mailOutbox.companyId, companyId),
        eq(mailOutbox.kind, kind),
      ),
    )
    .limit(1);
  return found !== undefined;
}
