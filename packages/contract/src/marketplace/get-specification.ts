import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { ZSpecificationLine, zProductId } from './catalogue-schemas';

/**
 * POST /api/marketPlace/getSpecification: a product's specification lines, sorted by sequence.
 * Public; costPerUnit and totalCost only for a logged-in customer of this company.
 */
export const ZGetSpecificationRequest = z.object({
  productID: zProductId,
  websiteUrl: zWebsiteUrl,
});

export const ZGetSpecificationResponse = z.array(ZSpecificationLine);
