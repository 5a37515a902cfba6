import { asc, eq, inArray } from 'drizzle-orm';
import type { TProductService } from '@cloud-portal/contract/company/get-product-services';
import type { Database } from '../../db/client';
import { productServiceClouds, productServices } from '../../db/schema/company';

/** The company's business units, each with its cloud services, in the operator's order. */
export async function listProductServices(
  db: Database,
  companyId: number,
): Promise<TProductService[]> {
  const services = await db
    .select()
    .from(productServices)
    .where(eq(productServices.companyId, companyId))
    .orderBy(asc(productServices.sortOrder), asc(productServices.id));
  if (services.length === 0) return [];

  const clouds = await db
    .select()
    .from(productServiceClouds)
    .where(
      inArray(
        productServiceClouds.productServiceId,
        services.map((service) => service.id),
      ),
    )
    .orderBy(asc(productServiceClouds.sortOrder), asc(productServiceClouds.id));

  return services.map((service) => ({
    ID: service.id,
    businessName: service.businessName,
    description: service.description,
    serviceOption: service.serviceOption,
    redirectUrl: service.redirectUrl,
    cloudService: clouds
      .filter((cloud) => cloud.productServiceId === service.id)
      .map((cloud) => ({ serviceName: cloud.serviceName, description: cloud.description })),
  }));
}
