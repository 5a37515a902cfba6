import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import type { Database, Transaction } from '../../db/client';
import { customers, loginCodes, pendingLogins } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { loginCodeMail } from '../../mail/templates/account-mails';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { Company } from '../../tenancy/company-directory';
import {
  CODES_PER_TEN_MINUTES,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
  PENDING_LOGIN_TTL_MS,
} from './account-settings';
import { randomCode, safeEqual } from '../../lib/tokens';
import { hashCode, newLoginReference } from './crypto-tokens';
import type { Customer } from './sessions';

export type CodePurpose = 'signup' | 'login';
type CodeDeps = { db: Database; mail: MailService; secret: string };

/** A login waiting for its code, found by the reference its code page carries. */
type PendingLogin = {
  id: number;
  reference: string;
  purpose: CodePurpose;
  createdAt: Date;
  customer: Customer;
};

/**
 * Begins a login that waits for a mailed code (after sign-up or a correct password) and mails the
 * code. Answers the pending login's reference, the `ID` the code page carries. Earlier logins of
 * the customer that still wait end here: their codes stop working.
 */
export async function startPendingLogin(
  deps: CodeDeps,
  company: Company,
  customer: Customer,
  purpose: CodePurpose,
  language: TLanguage,
): Promise<string> {
  const reference = newLoginReference();
  const code = await deps.db.transaction(async (tx) => {
    if (!(await takeCodeAllowance(tx, customer.id)))
      throw new AppError(429, accountTexts.tooManyCodes);
    const [pending] = await tx
      .insert(pendingLogins)
      .values({ reference, customerId: customer.id, purpose })
      .returning({ id: pendingLogins.id });
    await tx
      .update(loginCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginCodes.customerId, customer.id), isNull(loginCodes.consumedAt)));
    return issueCode(tx, deps.secret, customer.id, pending!.id, purpose);
  });
  await mailCode(deps, company, customer, purpose, code, language);
  return reference;
}

/**
 * A new code for a login that still waits for one: begun in the last 30 minutes, its code not
 * used and not spent by five wrong tries. Answers whether a code was mailed; the caller answers
 * the same either way, so neither the answer nor its timing tells whether the login exists.
 */
export async function resendLoginCode(
  deps: CodeDeps,
  company: Company,
  pending: PendingLogin,
  language: TLanguage,
): Promise<boolean> {
  if (!isWithinPendingWindow(pending)) return false;
  const code = await deps.db.transaction(async (tx) => {
    if (!(await takeCodeAllowance(tx, pending.customer.id))) return null;
    // Ends the code it replaces, in the same statement that checks that it is still open.
    const replaced = await tx
      .update(loginCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(loginCodes.pendingLoginId, pending.id),
          isNull(loginCodes.consumedAt),
          lt(loginCodes.failedAttempts, LOGIN_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: loginCodes.id });
    if (replaced.length === 0) return null;
    return issueCode(tx, deps.secret, pending.customer.id, pending.id, pending.purpose);
  });
  if (code === null) return false;
  await mailCode(deps, company, pending.customer, pending.purpose, code, language);
  return true;
}

/** The pending login with this reference of this company's customer with this address, or null. */
export async function findPendingLogin(
  db: Database,
  company: Company,
  reference: string,
  email: string,
): Promise<PendingLogin | null> {
  const [found] = await db
    .select({ pending: pendingLogins, customer: customers })
    .from(pendingLogins)
    .innerJoin(customers, eq(customers.id, pendingLogins.customerId))
    .where(
      and(
        eq(pendingLogins.reference, reference),
        eq(customers.companyId, company.id),
        eq(customers.email, email.trim().toLowerCase()),
      ),
    );
  if (!found) return null;
  const { pending, customer } = found;
  return { ...pending, purpose: pending.purpose as CodePurpose, customer };
}

/**
 * Checks a code against the pending login's newest one. Each comparison first takes one of the
 * code's five slots in a single statement, so racing requests compare at most five codes; the
 * fifth wrong code spends it, and the right one is spent as it is used, so it works once.
 */
export async function consumeLoginCode(
  db: Database,
  secret: string,
  pending: PendingLogin,
  code: string,
): Promise<void> {
  if (!isWithinPendingWindow(pending)) throw new AppError(400, accountTexts.loginAgain);
  const now = new Date();
  const newest = db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(eq(loginCodes.pendingLoginId, pending.id))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  const [slot] = await db
    .update(loginCodes)
    .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
    .where(
      and(
        sql`${loginCodes.id} = (${newest})`,
        isNull(loginCodes.consumedAt),
        lt(loginCodes.failedAttempts, LOGIN_CODE_MAX_ATTEMPTS),
        gt(loginCodes.expiresAt, now),
      ),
    )
    .returning({
      id: loginCodes.id,
      codeHash: loginCodes.codeHash,
      failedAttempts: loginCodes.failedAttempts,
    });
  if (!slot) throw await explainNoSlot(db, pending.id, now);

  if (!safeEqual(slot.codeHash, hashCode(secret, pending.customer.id, code))) {
    if (slot.failedAttempts < LOGIN_CODE_MAX_ATTEMPTS)
      throw new AppError(400, accountMessages.otpIncorrect);
    await db.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, slot.id));
    throw new AppError(429, accountTexts.otpTooManyAttempts);
  }
  const spent = await db
    .update(loginCodes)
    .set({ consumedAt: now, failedAttempts: sql`${loginCodes.failedAttempts} - 1` })
    .where(and(eq(loginCodes.id, slot.id), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  // The same right code twice at once, or a fifth wrong one just before: only one wins.
  if (spent.length === 0) throw new AppError(400, accountTexts.loginAgain);
}

/** Why no comparison was allowed: the code ran out of time (ask for another), or the login is over. */
async function explainNoSlot(db: Database, pendingLoginId: number, now: Date): Promise<AppError> {
  const [newest] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.pendingLoginId, pendingLoginId))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  const isOpen =
    newest !== undefined &&
    newest.consumedAt === null &&
    newest.failedAttempts < LOGIN_CODE_MAX_ATTEMPTS;
  return isOpen && newest.expiresAt.getTime() <= now.getTime()
    ? new AppError(400, accountTexts.otpExpired)
    : new AppError(400, accountTexts.loginAgain);
}

const isWithinPendingWindow = (pending: PendingLogin) =>
  pending.createdAt.getTime() > Date.now() - PENDING_LOGIN_TTL_MS;

/**
 * At most five codes an account in ten minutes. The customer's row is locked for the rest of the
 * transaction, so racing logins and resends count one after another.
 */
async function takeCodeAllowance(tx: Transaction, customerId: number): Promise<boolean> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  const [recent] = await tx
    .select({ total: count() })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.customerId, customerId),
        gt(loginCodes.createdAt, new Date(Date.now() - 10 * 60 * 1000)),
      ),
    );
  return (recent?.total ?? 0) < CODES_PER_TEN_MINUTES;
}

async function issueCode(
  tx: Transaction,
  secret: string,
  customerId: number,
  pendingLoginId: number,
  purpose: CodePurpose,
): Promise<string> {
  const code = randomCode();
  await tx.insert(loginCodes).values({
    customerId,
    pendingLoginId,
    purpose,
    codeHash: hashCode(secret, customerId, code),
    expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
  });
  return code;
}

function mailCode(
  deps: CodeDeps,
  company: Company,
  customer: Customer,
  purpose: CodePurpose,
  code: string,
  language: TLanguage,
) {
  return mailFromCompany(deps.mail, company, {
    kind: `login-code-${purpose}`,
    to: customer.email,
    render: (brand) => loginCodeMail(brand, language, code, purpose),
  });
}
