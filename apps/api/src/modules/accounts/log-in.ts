import { and, eq, sql } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import type { Company } from '../../tenancy/company-directory';
import { FAILED_LOGINS_BEFORE_PAUSE, LOGIN_PAUSE_MS } from './account-settings';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { consumeLoginCode, findPendingCode, sendLoginCode } from './login-codes';
import { verifyPassword } from './passwords';
import { startSession, type Customer, type IssuedTokens } from './sessions';

type Deps = { db: Database; mail: MailService; secret: string };

export async function findCustomer(
  db: Database,
  companyId: number,
  email: string,
): Promise<Customer | null> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.email, email.trim().toLowerCase())),
    );
  return customer ?? null;
}

/**
 * Step one: email and password. The same answer for an unknown address and a wrong password;
 * after five wrong passwords in a row the account pauses logins for 15 minutes.
 */
export async function logIn(
  deps: Deps,
  company: Company,
  email: string,
  password: string,
  language: TLanguage,
): Promise<Customer> {
  const customer = await findCustomer(deps.db, company.id, email);
  if (customer?.loginLockedUntil && customer.loginLockedUntil.getTime() > Date.now()) {
    throw new AppError(429, accountTexts.loginPaused);
  }
  const isValid = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !isValid) {
    if (customer) {
      const failures = customer.failedLoginCount + 1;
      await deps.db
        .update(customers)
        .set(
          failures >= FAILED_LOGINS_BEFORE_PAUSE
            ? { failedLoginCount: 0, loginLockedUntil: new Date(Date.now() + LOGIN_PAUSE_MS) }
            : { failedLoginCount: sql`${customers.failedLoginCount} + 1` },
        )
        .where(eq(customers.id, customer.id));
    }
    throw new AppError(401, accountTexts.invalidCredentials);
  }
  if (customer.failedLoginCount > 0 || customer.loginLockedUntil) {
    await deps.db
      .update(customers)
      .set({ failedLoginCount: 0, loginLockedUntil: null })
      .where(eq(customers.id, customer.id));
  }
  await sendLoginCode(deps, company, customer, 'login', language);
  return customer;
}

/** The pending login a code page speaks for: the customer ID and address must belong together. */
export async function findPendingCustomer(
  db: Database,
  company: Company,
  customerId: number,
  email: string,
): Promise<Customer> {
  const customer = await findCustomer(db, company.id, email);
  if (!customer || customer.id !== customerId) throw new AppError(400, 'Please enter correct OTP.');
  return customer;
}

/** Step two: the mailed code. Starts the session; after sign-up it also confirms the address. */
export async function completeLogin(
  deps: Deps,
  company: Company,
  input: { customerId: number; email: string; code: string },
): Promise<{ customer: Customer; tokens: IssuedTokens; purpose: 'signup' | 'login' }> {
  const customer = await findPendingCustomer(deps.db, company, input.customerId, input.email);
  const purpose = await consumeLoginCode(deps.db, deps.secret, customer.id, input.code);
  if (!customer.isEmailVerified) {
    await deps.db
      .update(customers)
      .set({ isEmailVerified: true })
      .where(eq(customers.id, customer.id));
  }
  return { customer, purpose, tokens: await startSession(deps.db, deps.secret, customer) };
}

/**
 * A new code for a login that is still pending: one that passed the password (or sign-up) in the
 * last 30 minutes and has not been completed. Otherwise resending would let a code alone, without
 * the password, open the account.
 */
export async function resendLoginCode(
  deps: Deps,
  company: Company,
  customerId: number,
  email: string,
  language: TLanguage,
): Promise<void> {
  const customer = await findPendingCustomer(deps.db, company, customerId, email);
  const pending = await findPendingCode(deps.db, customer.id);
  if (!pending) throw new AppError(400, accountTexts.loginAgain);
  await sendLoginCode(deps, company, customer, pending.purpose as 'signup' | 'login', language);
}
