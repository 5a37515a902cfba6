import { and, eq } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import type { Company } from '../../tenancy/company-directory';
import { forgetFailedPasswords, reservePasswordCheck } from './login-failures';
import {
  consumeLoginCode,
  findPendingLogin,
  resendLoginCode,
  startPendingLogin,
  type CodePurpose,
} from './login-codes';
import { verifyPassword } from './passwords';
import { startSession, type Customer, type IssuedTokens } from './sessions';

type Deps = { db: Database; mail: MailService; secret: string };

async function findCustomer(
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
 * Step one: email and password; answers the pending login's reference. The same answer for an
 * unknown address and a wrong password, and after five wrong passwords in a row the address
 * pauses logins for 15 minutes, whether or not it has an account.
 */
export async function logIn(
  deps: Deps,
  company: Company,
  email: string,
  password: string,
  language: TLanguage,
): Promise<{ reference: string; customer: Customer }> {
  const address = { companyId: company.id, email };
  if (!(await reservePasswordCheck(deps.db, deps.secret, address)))
    throw new AppError(429, accountTexts.loginPaused);
  const customer = await findCustomer(deps.db, company.id, email);
  const isValid = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !isValid) throw new AppError(401, accountTexts.invalidCredentials);
  await forgetFailedPasswords(deps.db, deps.secret, address);
  return {
    customer,
    reference: await startPendingLogin(deps, company, customer, 'login', language),
  };
}

/**
 * Step two: the mailed code for the pending login the code page names (its reference and the
 * address must belong together). Starts the session; after sign-up it also confirms the address.
 */
export async function completeLogin(
  deps: Deps,
  company: Company,
  input: { reference: string; email: string; code: string },
): Promise<{ customer: Customer; tokens: IssuedTokens; purpose: CodePurpose }> {
  const pending = await findPendingLogin(deps.db, company, input.reference, input.email);
  // A reference that names no login of this address: the way out is the same as for one over.
  if (!pending) throw new AppError(400, accountTexts.loginAgain);
  await consumeLoginCode(deps.db, deps.secret, pending, input.code);
  const { customer } = pending;
  if (!customer.isEmailVerified) {
    await deps.db
      .update(customers)
      .set({ isEmailVerified: true })
      .where(eq(customers.id, customer.id));
  }
  return {
    customer,
    purpose: pending.purpose,
    tokens: await startSession(deps.db, deps.secret, customer),
  };
}

/**
 * A new code when the reference and the address name a login that still waits for one; otherwise
 * nothing. The caller answers the same either way and does not wait for this.
 */
export async function resendCodeIfPending(
  deps: Deps,
  company: Company,
  input: { reference: string; email: string },
  language: TLanguage,
): Promise<boolean> {
  const pending = await findPendingLogin(deps.db, company, input.reference, input.email);
  return pending !== null && (await resendLoginCode(deps, company, pending, language));
}
