import { asc, eq } from 'drizzle-orm';
import type { TCompanyAddress } from '@cloud-portal/contract/company/get-company-address';
import type { Database } from '../../db/client';
import { companyAddresses } from '../../db/schema/company';
import { toCompanyAddress } from './serializers';

/** Every office of the company, in the operator's order (the home page shows the first three). */
export async function listCompanyAddresses(
  db: Database,
  companyId: number,
): Promise<TCompanyAddress[]> {
  const rows = await db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id));
  return rows.map(toCompanyAddress);
}
