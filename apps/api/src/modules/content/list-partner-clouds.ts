import { asc, eq } from 'drizzle-orm';
import type { TPartnerCloud } from '@cloud-portal/contract/content/get-external-cloud';
import type { Database } from '../../db/client';
import { partnerClouds } from '../../db/schema/company';

export async function listPartnerClouds(db: Database, companyId: number): Promise<TPartnerCloud[]> {
  const rows = await db
    .select()
    .from(partnerClouds)
    .where(eq(partnerClouds.companyId, companyId))
    .orderBy(asc(partnerClouds.sortOrder), asc(partnerClouds.id));
  return rows.map((row) => ({
    ID: row.id,
    cloudTitle: row.title,
    description: row.description,
    imagePath: row.logoPath,
    websiteUrl: row.websiteUrl,
  }));
}
