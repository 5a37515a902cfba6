import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { RECOVERY_LINK_INVALID } from '@cloud-portal/contract/accounts/password-recovery';
import type { Database } from '../../db/client';
import { customers, passwordResetTokens, sessions } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { passwordResetMail, userNameReminderMail } from '../../mail/templates/account-mails';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { Company } from '../../tenancy/company-directory';
import { RESET_LINK_TTL_MS, RESET_MAILS_PER_HOUR } from './account-settings';
import { randomToken, sha256 } from '../../lib/tokens';
import { portalLink } from '../../tenancy/portal-link';
import { findCustomer } from './log-in';
import { hashPassword } from './passwords';

type Deps = { db: Database; mail: MailService };

/**
 * Mails a recovery link when the address has an account; does nothing visible otherwise, so the
 * answer never tells whether an address is registered. At most three links an hour per account.
 */
export async function requestPasswordReset(
  deps: Deps,
  company: Company,
  email: string,
  language: TLanguage,
): Promise<void> {
  const customer = await findCustomer(deps.db, company.id, email);
  if (!customer) return;
  const [recent] = await deps.db
    .select({ total: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.customerId, customer.id),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.total ?? 0) >= RESET_MAILS_PER_HOUR) return;

  const token = randomToken();
  await deps.db.insert(passwordResetTokens).values({
    customerId: customer.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  await mailFromCompany(deps.mail, company, {
    kind: 'password-reset',
    to: customer.email,
    render: (brand) =>
      passwordResetMail(brand, language, portalLink(company, '/recoverpassword', token)),
  });
}

/** Mails the login address to the account's own address (same silence for unknown ones). */
export async function remindUserName(
  deps: Deps,
  company: Company,
  email: string,
  language: TLanguage,
): Promise<void> {
  const customer = await findCustomer(deps.db, company.id, email);
  if (!customer) return;
  await mailFromCompany(deps.mail, company, {
    kind: 'user-name-reminder',
    to: customer.email,
    render: (brand) => userNameReminderMail(brand, language, customer.email),
  });
}

/** Sets the new password from a recovery link (once, within the hour) and ends every session of the account. */
export async function resetPassword(
  db: Database,
  company: Company,
  token: string,
  password: string,
): Promise<void> {
  const [found] = await db
    .select({ reset: passwordResetTokens, customer: customers })
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        eq(customers.companyId, company.id),
      ),
    );
  if (!found || found.reset.expiresAt.getTime() <= Date.now())
    throw new AppError(400, RECOVERY_LINK_INVALID);

  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, found.reset.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (spent.length === 0) throw new AppError(400, RECOVERY_LINK_INVALID);
  await db
    .update(customers)
    .set({
      passwordHash: await hashPassword(password),
      failedLoginCount: 0,
      loginLockedUntil: null,
    })
    .where(eq(customers.id, found.customer.id));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, found.customer.id), isNull(sessions.revokedAt)));
}
