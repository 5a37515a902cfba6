import { and, asc, eq, exists, sql, type Column } from 'drizzle-orm';
import type { TFilterData } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import type { Database } from '../../db/client';
import { ipTypes, operatingSystems, regions, vmProducts } from '../../db/schema/catalogue';
import { NO_FILTERS, productConditions } from './list-products';

/**
 * The quick-search panel's choices: only the operating systems, regions and IP types some active
 * product (of the service, when one is named) is offered with, and the base counts they come in.
 */
export async function loadFilterData(
  db: Database,
  companyId: number,
  serviceName: string,
): Promise<TFilterData> {
  const inScope = productConditions(companyId, { ...NO_FILTERS, serviceName });
  const offered = (column: Column, id: Column) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(vmProducts)
        .where(and(inScope, eq(column, id))),
    );
  const [systems, regionRows, ipTypeRows, [specs]] = await Promise.all([
    db
      .select({ ID: operatingSystems.id, name: operatingSystems.name })
      .from(operatingSystems)
      .where(
        and(
          eq(operatingSystems.companyId, companyId),
          offered(vmProducts.operatingSystemId, operatingSystems.id),
        ),
      )
      .orderBy(asc(operatingSystems.sortOrder), asc(operatingSystems.name)),
    db
      .select({ ID: regions.id, name: regions.name })
      .from(regions)
      .where(and(eq(regions.companyId, companyId), offered(vmProducts.regionId, regions.id)))
      .orderBy(asc(regions.sortOrder), asc(regions.name)),
    db
      .select({ ID: ipTypes.id, name: ipTypes.name })
      .from(ipTypes)
      .where(and(eq(ipTypes.companyId, companyId), offered(vmProducts.ipTypeId, ipTypes.id)))
      .orderBy(asc(ipTypes.sortOrder), asc(ipTypes.name)),
    db
      .select({
        processor: sql<number[] | null>`array_agg(distinct ${vmProducts.cpuCount})`,
        memory: sql<number[] | null>`array_agg(distinct ${vmProducts.memoryCount})`,
        disk: sql<number[] | null>`array_agg(distinct ${vmProducts.diskCount})`,
      })
      .from(vmProducts)
      .where(inScope),
  ]);
  const sorted = (values: number[] | null | undefined) =>
    (values ?? []).map(Number).sort((a, b) => a - b);
  return {
    operatingSystem: systems,
    country: regionRows,
    ipType: ipTypeRows,
    specs: {
      processor: sorted(specs?.processor),
      memory: sorted(specs?.memory),
      disk: sorted(specs?.disk),
    },
  };
}
