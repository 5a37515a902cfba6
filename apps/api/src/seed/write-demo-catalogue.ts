import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  ipTypes,
  operatingSystems,
  regions,
  timePeriods,
  vmProducts,
} from '../db/schema/catalogue';
import { countries } from '../db/schema/company';
import { writeVmProducts } from '../modules/marketplace/write-catalogue';
import type { DemoCatalogue } from './demo-catalogues';

/**
 * The lookups (operating systems, regions, IP types, periods) are brought up to date at every
 * seed; the products only when the company has none yet: after that they are the operator's, and
 * customers' saved items point at them.
 */
export async function writeDemoCatalogue(
  db: Database,
  companyId: number,
  catalogue: DemoCatalogue,
): Promise<void> {
  const countryRows = await db
    .select({ id: countries.id, isoCode: countries.isoCode, currency: countries.currency })
    .from(countries);
  const country = (isoCode: string) => {
    const row = countryRows.find((candidate) => candidate.isoCode === isoCode);
    if (!row) throw new Error(`Demo catalogue names unknown country ${isoCode}`);
    return row;
  };

  const systemIds = await upsertNamed(db, operatingSystems, companyId, catalogue.operatingSystems);
  const ipTypeIds = await upsertNamed(db, ipTypes, companyId, catalogue.ipTypes);
  const regionIds = new Map<string, number>();
  for (const [sortOrder, region] of catalogue.regions.entries()) {
    const values = {
      companyId,
      name: region.name,
      countryId: country(region.country).id,
      sortOrder,
    };
    const [row] = await db
      .insert(regions)
      .values(values)
      .onConflictDoUpdate({ target: [regions.companyId, regions.name], set: values })
      .returning({ id: regions.id });
    regionIds.set(region.name, row!.id);
  }
  for (const days of catalogue.timePeriodDays) {
    await db.insert(timePeriods).values({ companyId, days }).onConflictDoNothing();
  }

  const [existing] = await db
    .select({ total: count() })
    .from(vmProducts)
    .where(eq(vmProducts.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return;

  const idOf = (ids: Map<string, number>, name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`Demo catalogue names unknown ${name}`);
    return id;
  };
  await writeVmProducts(
    db,
    companyId,
    catalogue.products.map(({ os, country: isoCode, region, ipType, ...product }) => ({
      ...product,
      operatingSystemId: idOf(systemIds, os),
      countryId: country(isoCode).id,
      currency: country(isoCode).currency,
      regionId: region === null ? null : idOf(regionIds, region),
      ipTypeId: ipType === null ? null : idOf(ipTypeIds, ipType),
    })),
  );
}

async function upsertNamed(
  db: Database,
  table: typeof operatingSystems | typeof ipTypes,
  companyId: number,
  names: string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sortOrder, name] of names.entries()) {
    const [row] = await db
      .insert(table)
      .values({ companyId, name, sortOrder })
      .onConflictDoUpdate({
        target: [table.companyId, table.name],
        set: { sortOrder: sql`excluded.sort_order` },
      })
      .returning({ id: table.id });
    ids.set(name, row!.id);
  }
  return ids;
}
