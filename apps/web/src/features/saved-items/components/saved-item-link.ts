import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';
// Relative: the unit tests run without Vite's '@' alias.
import { productDetailsPath } from '../../../lib/product-details-link';

/**
 * View: the product's configuration page with the saved choice in the query, which the page
 * restores (values the product no longer offers fall back to its base configuration).
 */
export function savedItemLink(item: TSavedVm): string {
  return productDetailsPath(item.productID, {
    memory: item.ram_Count,
    disk: item.disk_Count,
    processor: item.cpu_Count,
    period: item.timePeriod,
    region: item.regionID,
  });
}
