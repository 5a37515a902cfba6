import { toBusinessUnitSlug } from '@cloud-portal/contract/company/company-rules';
import { useProductServices } from '@/features/content/api/get-product-services';

/**
 * Products And Services opens the first business unit; null while there is none, which hides
 * the entry (portal.md §2).
 */
export function useProductsAndServicesPath(): string | null {
  const { data: productServices } = useProductServices();
  const first = productServices?.[0];
  return first
    ? `/businessunit/${encodeURIComponent(toBusinessUnitSlug(first.businessName))}`
    : null;
}
