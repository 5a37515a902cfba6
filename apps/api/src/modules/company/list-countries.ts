import { asc } from 'drizzle-orm';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema/company';
import { toCountry } from './serializers';

export async function listCountries(db: Database): Promise<TCountry[]> {
  const rows = await db
    .select()
    .from(countries)
    .orderBy(asc(countries.sortOrder), asc(countries.name));
  return rows.map(toCountry);
}
