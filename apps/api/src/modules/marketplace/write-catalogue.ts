import { sql } from 'drizzle-orm';
import { cpuCountForMemory } from '@cloud-portal/contract/marketplace/configuration-rules';
import {
  DAYS_PER_PRICED_PERIOD,
  quoteVm,
  type SpecificationName,
} from '@cloud-portal/contract/pricing/vm-pricing';
import type { Database } from '../../db/client';
import {
  vmProductRamCpuRules,
  vmProducts,
  vmProductSpecifications,
} from '../../db/schema/catalogue';

type ProductRow = typeof vmProducts.$inferInsert;

export type CatalogueSpecification = {
  name: SpecificationName;
  unit: string;
  baseCount: number;
  minValue: number;
  maxValue: number;
  step: number;
  costPerUnitMinor: number;
  sequence: number;
};

/** A product as an operator writes it: the card's summary is derived, never given. */
export type CatalogueProduct = Omit<
  ProductRow,
  | 'id'
  | 'companyId'
  | 'serviceKey'
  | 'memoryCount'
  | 'memoryUnit'
  | 'diskCount'
  | 'diskUnit'
  | 'cpuCount'
  | 'costMinor'
  | 'cpuCostMinor'
> & {
  specifications: CatalogueSpecification[];
  ramCpuRules: { ramStart: number; ramEnd: number; cpuCount: number }[];
};

/** Lower-cased, trimmed: how /marketplace/{serviceName} finds a product's cloud service. */
export function toServiceKey(serviceName: string): string {
  return serviceName.trim().toLowerCase();
}

/**
 * The card's summary of a product: its base counts (CPU following the memory where the
 * dependency table says so) and their 30-day cost, priced by the same engine as every quote.
 */
function summariseProduct(product: CatalogueProduct) {
  const line = (name: SpecificationName) =>
    product.specifications.find((specification) => specification.name === name);
  const memory = line('Memory');
  const disk = line('Disk');
  const processor = line('Processor');
  const memoryCount = memory?.baseCount ?? 0;
  const cpuCount =
    cpuCountForMemory(
      product.ramCpuRules.map((rule) => ({
        ramStartLimit: rule.ramStart,
        ramEndLimit: rule.ramEnd,
        cpuCount: rule.cpuCount,
      })),
      memoryCount,
    ) ??
    processor?.baseCount ??
    0;
  const counts: Record<SpecificationName, number> = {
    Memory: memoryCount,
    Disk: disk?.baseCount ?? 0,
    Processor: cpuCount,
  };
  const quote = quoteVm(
    product.specifications.map((specification) => ({
      name: specification.name,
      count: counts[specification.name],
      costPerUnit: specification.costPerUnitMinor,
    })),
    DAYS_PER_PRICED_PERIOD,
    0,
    { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
    'beforeDiscount', // no tax and no discount: the basis changes nothing
  );
  return {
    memoryCount,
    memoryUnit: memory?.unit ?? 'GB',
    diskCount: counts.Disk,
    diskUnit: disk?.unit ?? 'GB',
    cpuCount,
    costMinor: quote.total,
    cpuCostMinor: quote.lines.find((priced) => priced.name === 'Processor')?.cost ?? 0,
  };
}

const CHUNK = 500;

/**
 * Writes products with their specification lines and dependency rows (the only way products
 * should be written, so the card summary always matches the lines). Batched for big catalogues.
 */
export async function writeVmProducts(
  db: Database,
  companyId: number,
  products: CatalogueProduct[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < products.length; start += CHUNK) {
    const chunk = products.slice(start, start + CHUNK);
    const inserted = await db
      .insert(vmProducts)
      .values(
        chunk.map(({ specifications: _s, ramCpuRules: _r, ...product }, index) => ({
          ...product,
          ...summariseProduct(chunk[index]!),
          companyId,
          serviceKey: toServiceKey(product.serviceName),
        })),
      )
      .returning({ id: vmProducts.id });
    const chunkIds = inserted.map((row) => row.id);
    ids.push(...chunkIds);
    const specifications = chunk.flatMap((product, index) =>
      product.specifications.map((specification) => ({
        ...specification,
        productId: chunkIds[index]!,
      })),
    );
    const rules = chunk.flatMap((product, index) =>
      product.ramCpuRules.map((rule) => ({ ...rule, productId: chunkIds[index]! })),
    );
    if (specifications.length) await db.insert(vmProductSpecifications).values(specifications);
    if (rules.length) await db.insert(vmProductRamCpuRules).values(rules);
  }
  // Fresh statistics, so the planner uses the listing indexes at once (the embedded database
  // has no autovacuum to notice a bulk write).
  await db.execute(sql`analyze vm_products, vm_product_specifications, vm_product_ram_cpu_rules`);
  return ids;
}
