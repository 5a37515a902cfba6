import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import {
  ZCloudCard,
  ZFilterData,
  ZProductPage,
  zPageSize,
  zServiceName,
} from './catalogue-schemas';

/**
 * POST /api/marketPlace/getProducts: the marketplace's first page. Public; prices only for a
 * logged-in customer of this company. `serviceName` narrows it to one cloud service
 * (/marketplace/{serviceName}); empty means every product.
 */
export const ZGetProductsRequest = z.object({
  websiteUrl: zWebsiteUrl,
  serviceName: zServiceName,
  pageSize: zPageSize,
});
export type TGetProductsRequest = z.input<typeof ZGetProductsRequest>;

export const ZGetProductsResponse = ZProductPage.extend({
  cloudData: z.array(ZCloudCard),
  filterData: ZFilterData,
  serviceName: z.string(),
  /** False when the company offers no cloud service of that name (an unknown address). */
  serviceExists: z.boolean(),
});
export type TGetProductsResponse = z.infer<typeof ZGetProductsResponse>;
