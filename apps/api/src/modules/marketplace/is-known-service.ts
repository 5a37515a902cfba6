import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vmProducts } from '../../db/schema/catalogue';
import { productServiceClouds, productServices } from '../../db/schema/company';
import { toServiceKey } from './write-catalogue';

/**
 * Whether a company offers a cloud service of this name (any case): one of its business units
 * lists it (Proceed leads to /marketplace/{serviceName}), or a product of its catalogue is sold
 * under it. An empty name is the whole marketplace.
 */
export async function isKnownService(
  db: Database,
  companyId: number,
  serviceName: string,
): Promise<boolean> {
  const key = toServiceKey(serviceName);
  if (key === '') return true;
  const [listed, sold] = await Promise.all([
    db
      .select({ id: productServiceClouds.id })
      .from(productServiceClouds)
      .innerJoin(productServices, eq(productServices.id, productServiceClouds.productServiceId))
      .where(
        and(
          eq(productServices.companyId, companyId),
          eq(sql`lower(trim(${productServiceClouds.serviceName}))`, key),
        ),
      )
      .limit(1),
    db
      .select({ id: vmProducts.id })
      .from(vmProducts)
      .where(and(eq(vmProducts.companyId, companyId), eq(vmProducts.serviceKey, key)))
      .limit(1),
  ]);
  return listed.length > 0 || sold.length > 0;
}
