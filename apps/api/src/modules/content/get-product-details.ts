import { toBusinessUnitSlug } from '@cloud-portal/contract/company/company-rules';
import type { TGetProductDetailsResponse } from '@cloud-portal/contract/content/get-product-details';
import type { TProductService } from '@cloud-portal/contract/company/get-product-services';

/**
 * The Products And Services page: the side menu and the unit named by `productName`, which may be
 * the unit's route slug (slashes removed) or its name, in any case; empty means the first unit.
 */
export function toProductDetails(
  services: TProductService[],
  productName: string,
): TGetProductDetailsResponse {
  const businessData =
    productName.trim() === '' ? (services[0] ?? null) : findBusinessUnit(services, productName);
  return {
    sideMenu: services.map((service) => ({
      businessName: service.businessName,
      slug: toBusinessUnitSlug(service.businessName),
    })),
    businessData,
  };
}

/** The business unit named by its name or its route slug, in any case; null when none is. */
export function findBusinessUnit(
  services: TProductService[],
  name: string,
): TProductService | null {
  const wanted = name.trim().toLowerCase();
  return (
    services.find(
      (service) =>
        service.businessName.toLowerCase() === wanted ||
        toBusinessUnitSlug(service.businessName).toLowerCase() === wanted,
    ) ?? null
  );
}
