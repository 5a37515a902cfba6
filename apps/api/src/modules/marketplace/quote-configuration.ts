import {
  configurationErrors,
  quoteConfiguration,
  toPricedProduct,
  type Configuration,
  type FieldError,
  type Quote,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { loadProductDetails } from './product-details';

function refuse(errors: FieldError[]): never {
  throw new AppError(400, errors[0]!.message, { errors });
}

type ConfiguredQuote = {
  details: TGetVmProductDetailsResponse;
  quote: Quote;
};

/**
 * The server's bill for a configuration, from the catalogue: the counts must be ones the product
 * offers (range, step, CPU following memory, nothing moved on a fixed product) and the period one
 * the company sells (0 = none chosen yet: the 30-day price).
 */
export async function quoteProductConfiguration(
  db: Database,
  companyId: number,
  productId: number,
  choice: Configuration,
  days: number,
): Promise<ConfiguredQuote> {
  const details = await loadProductDetails(db, companyId, productId);
  const product = toPricedProduct(details);
  const errors = configurationErrors(product, choice);
  if (days !== 0 && !details.timePeriod.some((period) => period.days === days)) {
    errors.push({ field: 'timePeriod', message: marketplaceMessages.timePeriodNotOffered });
  }
  if (errors.length) refuse(errors);
  return { details, quote: quoteConfiguration(product, choice, days) };
}

/** A region the product may be ordered in: its own, or (when it has none) one of the company's. */
export function isRegionOffered(details: TGetVmProductDetailsResponse, regionId: number): boolean {
  if (regionId === 0) return true;
  const own = details.VMProductDetail.regionID;
  return own !== null ? regionId === own : details.regions.some((region) => region.ID === regionId);
}
