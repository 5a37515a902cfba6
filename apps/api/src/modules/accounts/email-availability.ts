import { and, eq } from 'drizzle-orm';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { Company } from '../../tenancy/company-directory';

/**
 * Sign-up's early check: 409 with adduser's message when the address (already lower-cased) has
 * an account with this company. Another company's customer does not count: an email is unique
 * per company.
 */
export async function checkEmailAvailability(
  db: Database,
  company: Company,
  email: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, company.id), eq(customers.email, email)))
    .limit(1);
  if (existing) throw new AppError(409, accountTexts.emailTaken);
}
