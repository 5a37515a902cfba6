import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';

/**
 * View: the product's configuration page with the saved choice in the query, which the page
 * restores (values the product no longer offers fall back to its base configuration).
 */
export function savedItemLink(item: TSavedVm): string {
  const query = new URLSearchParams({
    memory: String(item.ram_Count),
    disk: String(item.disk_Count),
    processor: String(item.cpu_Count),
    period: String(item.timePeriod),
    region: String(item.regionID),
  });
  return `/productdetails/${item.productID}?${query.toString()}`;
}
