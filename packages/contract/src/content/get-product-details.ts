import { z } from 'zod';
import { ZProductService } from '../company/get-product-services';
import { zWebsiteUrl } from '../validation/website-url';

/**
 * POST /api/productServicesData/getProductDetails: the side menu of business names and the
 * business unit named by `productName` (its route slug or its name; the first unit when empty).
 * `businessData` is null when no unit has that name.
 */
export const ZGetProductDetailsRequest = z.object({
  productName: z.string().trim().max(200).optional().default(''),
  websiteUrl: zWebsiteUrl,
});
export type TGetProductDetailsRequest = z.input<typeof ZGetProductDetailsRequest>;

export const ZGetProductDetailsResponse = z.object({
  sideMenu: z.array(z.object({ businessName: z.string(), slug: z.string() })),
  businessData: ZProductService.nullable(),
});
export type TGetProductDetailsResponse = z.infer<typeof ZGetProductDetailsResponse>;

/** POST /api/productServicesData/getCloudProducts: the cloud services of one business unit. */
export const ZGetCloudProductsRequest = z.object({
  serviceName: z.string().trim().min(1).max(200),
  websiteUrl: zWebsiteUrl,
});

export const ZGetCloudProductsResponse = z.array(
  z.object({ serviceName: z.string(), description: z.string() }),
);
