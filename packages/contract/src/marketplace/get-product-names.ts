import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { zServiceName } from './catalogue-schemas';

export const PRODUCT_NAMES_LIMIT = 50;

/**
 * POST /api/marketPlace/getProductNames: the quick-search panel's VM select for the chosen OS,
 * searched by name (a catalogue of thousands cannot ride along with the first page).
 */
export const ZGetProductNamesRequest = z.object({
  operatingSystem: z.coerce.number().int().positive().max(2_147_483_647),
  search: z.string().trim().max(100).optional().default(''),
  websiteUrl: zWebsiteUrl,
  serviceName: zServiceName,
});
export type TGetProductNamesRequest = z.input<typeof ZGetProductNamesRequest>;

export const ZGetProductNamesResponse = z.array(
  z.object({ productID: z.number().int(), productName: z.string() }),
);
export type TGetProductNamesResponse = z.infer<typeof ZGetProductNamesResponse>;
