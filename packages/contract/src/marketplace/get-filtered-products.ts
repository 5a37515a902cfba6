import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { ZProductPage, zPageSize, zServiceName, zUnsetZero } from './catalogue-schemas';

const PRODUCT_SECTIONS = ['all', 'VMProducts', 'GoldVMData'] as const;

/**
 * POST /api/marketPlace/getFilteredProducts: the quick-search panel's Apply, and "Show more" of
 * one section (page > 1). Every filter is 0 when unset; processor, memory and disk are base counts.
 * The answer is a list whose first item carries the page (as the spec's clients read it).
 */
export const ZGetFilteredProductsRequest = z.object({
  operatingSystem: zUnsetZero,
  virtualMachine: zUnsetZero,
  processor: zUnsetZero,
  memory: zUnsetZero,
  disk: zUnsetZero,
  region: zUnsetZero,
  IPType: zUnsetZero,
  websiteUrl: zWebsiteUrl,
  serviceName: zServiceName,
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: zPageSize,
  section: z.enum(PRODUCT_SECTIONS).optional().default('all'),
});
export type TGetFilteredProductsRequest = z.input<typeof ZGetFilteredProductsRequest>;
export type TProductFilters = z.output<typeof ZGetFilteredProductsRequest>;

export const ZGetFilteredProductsResponse = z.array(ZProductPage).length(1);
export type TGetFilteredProductsResponse = z.infer<typeof ZGetFilteredProductsResponse>;
