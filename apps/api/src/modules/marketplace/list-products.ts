import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TProductFilters } from '@cloud-portal/contract/marketplace/get-filtered-products';
import type { TProductPage } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import type { Database } from '../../db/client';
import { operatingSystems, regions, vmProducts } from '../../db/schema/catalogue';
import type { TtlCache } from '../../lib/ttl-cache';
import { toProductCard } from './serializers';
import { toServiceKey } from './write-catalogue';

type ProductQuery = Pick<
  TProductFilters,
  | 'operatingSystem'
  | 'virtualMachine'
  | 'processor'
  | 'memory'
  | 'disk'
  | 'region'
  | 'IPType'
  | 'serviceName'
  | 'page'
  | 'pageSize'
  | 'section'
>;

export const NO_FILTERS = {
  operatingSystem: 0,
  virtualMachine: 0,
  processor: 0,
  memory: 0,
  disk: 0,
  region: 0,
  IPType: 0,
} as const;

/** The active products of a company a query selects (every filter 0 = unset). */
export function productConditions(
  companyId: number,
  query: Omit<ProductQuery, 'page' | 'pageSize' | 'section'>,
): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(vmProducts.companyId, companyId),
    eq(vmProducts.isActive, true),
    query.serviceName ? eq(vmProducts.serviceKey, toServiceKey(query.serviceName)) : undefined,
    query.operatingSystem ? eq(vmProducts.operatingSystemId, query.operatingSystem) : undefined,
    query.virtualMachine ? eq(vmProducts.id, query.virtualMachine) : undefined,
    query.processor ? eq(vmProducts.cpuCount, query.processor) : undefined,
    query.memory ? eq(vmProducts.memoryCount, query.memory) : undefined,
    query.disk ? eq(vmProducts.diskCount, query.disk) : undefined,
    query.region ? eq(vmProducts.regionId, query.region) : undefined,
    query.IPType ? eq(vmProducts.ipTypeId, query.IPType) : undefined,
  ];
  return and(...conditions)!;
}

async function listSection(
  db: Database,
  where: SQL,
  isGoldCopy: boolean,
  page: number,
  pageSize: number,
  pricesVisible: boolean,
) {
  const rows = await db
    .select({
      id: vmProducts.id,
      name: vmProducts.name,
      imagePath: vmProducts.imagePath,
      memoryCount: vmProducts.memoryCount,
      memoryUnit: vmProducts.memoryUnit,
      diskCount: vmProducts.diskCount,
      diskUnit: vmProducts.diskUnit,
      cpuCount: vmProducts.cpuCount,
      currency: vmProducts.currency,
      costMinor: vmProducts.costMinor,
      validityDays: vmProducts.validityDays,
      serviceType: vmProducts.serviceType,
      isGoldCopy: vmProducts.isGoldCopy,
      isPremium: vmProducts.isPremium,
      osType: operatingSystems.name,
      regionName: regions.name,
    })
    .from(vmProducts)
    .innerJoin(operatingSystems, eq(operatingSystems.id, vmProducts.operatingSystemId))
    .leftJoin(regions, eq(regions.id, vmProducts.regionId))
    .where(and(where, eq(vmProducts.isGoldCopy, isGoldCopy)))
    .orderBy(asc(vmProducts.sortOrder), asc(vmProducts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map((row) => toProductCard(row, pricesVisible));
}

type SectionTotals = { standard: number; gold: number };
/** Counting a big catalogue costs more than a page of it; totals are kept as long as a company. */
export type SectionTotalsCache = TtlCache<string, SectionTotals>;

async function countSections(db: Database, where: SQL): Promise<SectionTotals> {
  const rows = await db
    .select({ isGoldCopy: vmProducts.isGoldCopy, total: count() })
    .from(vmProducts)
    .where(where)
    .groupBy(vmProducts.isGoldCopy);
  const totalOf = (isGoldCopy: boolean) =>
    rows.find((row) => row.isGoldCopy === isGoldCopy)?.total ?? 0;
  return { standard: totalOf(false), gold: totalOf(true) };
}

/**
 * One page of each section (Explore Virtual Machine, Explore Custom Virtual Machines) and each
 * section's total, for a company's active products matching the query. Paged by offset on the
 * (company, gold, sort order, id) index.
 */
export async function listProductPage(
  db: Database,
  companyId: number,
  query: ProductQuery,
  pricesVisible: boolean,
  totalsCache: SectionTotalsCache,
): Promise<TProductPage> {
  const where = productConditions(companyId, query);
  const totalsKey = JSON.stringify([
    companyId,
    query.serviceName.toLowerCase(),
    query.operatingSystem,
    query.virtualMachine,
    query.processor,
    query.memory,
    query.disk,
    query.region,
    query.IPType,
  ]);
  const wantsStandard = query.section !== 'GoldVMData';
  const wantsGold = query.section !== 'VMProducts';
  const [standard, gold, totals] = await Promise.all([
    wantsStandard
      ? listSection(db, where, false, query.page, query.pageSize, pricesVisible)
      : Promise.resolve([]),
    wantsGold
      ? listSection(db, where, true, query.page, query.pageSize, pricesVisible)
      : Promise.resolve([]),
    totalsCache.get(totalsKey, () => countSections(db, where)),
  ]);
  return {
    VMProducts: standard,
    GoldVMData: gold,
    VMProductsTotal: totals.standard,
    GoldVMDataTotal: totals.gold,
    page: query.page,
    pageSize: query.pageSize,
    pricesVisible,
  };
}

/** The VM select of the quick-search panel: products of one OS, by name, optionally searched. */
export async function listProductNames(
  db: Database,
  companyId: number,
  query: { operatingSystem: number; search: string; serviceName: string },
  limit: number,
) {
  const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return db
    .select({ productID: vmProducts.id, productName: vmProducts.name })
    .from(vmProducts)
    .where(
      and(
        productConditions(companyId, { ...NO_FILTERS, ...query }),
        query.search ? sql`${vmProducts.name} ilike ${pattern}` : undefined,
      ),
    )
    .orderBy(asc(vmProducts.name), asc(vmProducts.id))
    .limit(limit);
}
