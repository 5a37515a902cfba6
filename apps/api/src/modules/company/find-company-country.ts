import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema/company';
import type { Company } from '../../tenancy/company-directory';

type CountryRow = typeof countries.$inferSelect;

/** The company's country row (dialling code, mobile lengths), or null when it names none. */
export async function findCompanyCountry(
  db: Database,
  company: Company,
): Promise<CountryRow | null> {
  if (company.countryIsoCode === null) return null;
  const [row] = await db
    .select()
    .from(countries)
    .where(eq(countries.isoCode, company.countryIsoCode))
    .limit(1);
  return row ?? null;
}
