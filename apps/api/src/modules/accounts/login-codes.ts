import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import type { Database } from '../../db/client';
import type { customers } from '../../db/schema/accounts';
import { loginCodes } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { loginCodeMail } from '../../mail/templates/account-mails';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { Company } from '../../tenancy/company-directory';
import {
  CODES_PER_TEN_MINUTES,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
} from './account-settings';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { randomCode, safeEqual } from '../../lib/tokens';
import { hashCode } from './crypto-tokens';

type Customer = typeof customers.$inferSelect;
export type CodePurpose = 'signup' | 'login';

/** Mails a fresh code; earlier unused codes of the customer stop working. */
export async function sendLoginCode(
  deps: { db: Database; mail: MailService; secret: string },
  company: Company,
  customer: Customer,
  purpose: CodePurpose,
  language: TLanguage,
): Promise<void> {
  const since = new Date(Date.now() - 10 * 60 * 1000);
  const [recent] = await deps.db
    .select({ total: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.customerId, customer.id), gt(loginCodes.createdAt, since)));
  if ((recent?.total ?? 0) >= CODES_PER_TEN_MINUTES)
    throw new AppError(429, accountTexts.tooManyCodes);

  const code = randomCode();
  await deps.db
    .update(loginCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginCodes.customerId, customer.id), isNull(loginCodes.consumedAt)));
  await deps.db.insert(loginCodes).values({
    customerId: customer.id,
    purpose,
    codeHash: hashCode(deps.secret, customer.id, code),
    expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
  });
  await mailFromCompany(deps.mail, company, {
    kind: `login-code-${purpose}`,
    to: customer.email,
    render: (brand) => loginCodeMail(brand, language, code, purpose),
  });
}

/**
 * Checks a code against the customer's newest one: wrong codes count, and the fifth wrong one
 * spends the code. A right code is spent at once, so it works once.
 */
export async function consumeLoginCode(
  db: Database,
  secret: string,
  customerId: number,
  code: string,
): Promise<CodePurpose> {
  const [latest] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.customerId, customerId), isNull(loginCodes.consumedAt)))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  if (!latest) throw new AppError(400, accountMessages.otpIncorrect);
  if (latest.expiresAt.getTime() <= Date.now()) throw new AppError(400, accountTexts.otpExpired);

  if (!safeEqual(latest.codeHash, hashCode(secret, customerId, code))) {
    const failedAttempts = latest.failedAttempts + 1;
    const isSpent = failedAttempts >= LOGIN_CODE_MAX_ATTEMPTS;
    await db
      .update(loginCodes)
      .set({ failedAttempts, ...(isSpent ? { consumedAt: new Date() } : {}) })
      .where(eq(loginCodes.id, latest.id));
    throw new AppError(
      isSpent ? 429 : 400,
      isSpent ? accountTexts.otpTooManyAttempts : accountMessages.otpIncorrect,
    );
  }
  const spent = await db
    .update(loginCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginCodes.id, latest.id), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  // Two requests with the same code at once: only one wins.
  if (spent.length === 0) throw new AppError(400, accountMessages.otpIncorrect);
  return latest.purpose as CodePurpose;
}

const PENDING_LOGIN_WINDOW_MS = 30 * 60 * 1000;

/** The newest unspent code of a login begun in the last 30 minutes, or null. */
export async function findPendingCode(db: Database, customerId: number) {
  const [latest] = await db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.customerId, customerId),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.createdAt, new Date(Date.now() - PENDING_LOGIN_WINDOW_MS)),
      ),
    )
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  return latest ?? null;
}
