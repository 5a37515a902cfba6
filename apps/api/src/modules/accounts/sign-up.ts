import { and, eq } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { ZAddUserRequest } from '@cloud-portal/contract/accounts/add-user';
import { accountMessages, isMobileNumber } from '@cloud-portal/contract/validation/account-rules';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { countries } from '../../db/schema/company';
import { AppError } from '../../errors';
import { validationError } from '../../http/field-errors';
import type { MailService } from '../../mail/mail-service';
import type { Company } from '../../tenancy/company-directory';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { startPendingLogin } from './login-codes';
import { hashPassword } from './passwords';
import type { Customer } from './sessions';
import { toCustomerDetailColumns } from './customer-details';

/** The mobile number's length must suit the chosen country (its lengths come from the countries table). */
export async function checkMobileNumber(
  db: Database,
  dialCode: string,
  mobileNumber: string,
): Promise<void> {
  const matching = await db.select().from(countries).where(eq(countries.dialCode, dialCode));
  if (matching.length === 0)
    throw validationError([{ field: 'countryCode', message: accountMessages.countryCodeRequired }]);
  if (
    !matching.some((country) =>
      isMobileNumber(mobileNumber, country.mobileMinLength, country.mobileMaxLength),
    )
  ) {
    throw validationError([{ field: 'contactNo', message: accountMessages.mobileInvalid }]);
  }
}

/**
 * Creates the customer (role user) and mails the code that confirms the address and logs them in;
 * answers the customer and the pending login's reference.
 */
export async function signUp(
  deps: { db: Database; mail: MailService; secret: string },
  company: Company,
  input: z.output<typeof ZAddUserRequest>,
  language: TLanguage,
): Promise<{ customer: Customer; reference: string }> {
  await checkMobileNumber(deps.db, input.countryCode, input.contactNo);
  const [existing] = await deps.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, company.id), eq(customers.email, input.emailID)));
  if (existing) throw new AppError(409, accountTexts.emailTaken);

  const [customer] = await deps.db
    .insert(customers)
    .values({
      companyId: company.id,
      email: input.emailID,
      passwordHash: await hashPassword(input.password),
      role: 'user',
      ...toCustomerDetailColumns(input),
    })
    .onConflictDoNothing()
    .returning();
  if (!customer) throw new AppError(409, accountTexts.emailTaken);
  return {
    customer,
    reference: await startPendingLogin(deps, company, customer, 'signup', language),
  };
}
