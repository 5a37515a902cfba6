/**
 * The marketplace's query keys. The product lists depend on whether a customer asks (prices), so
 * their keys carry `isLoggedIn`; a login or a logout moves each list to a cache of its own. The
 * product names are the same for everyone.
 */
export const marketplaceKeys = {
  products: (serviceName: string, isLoggedIn: boolean) =>
    ['marketplace', 'products', serviceName, isLoggedIn] as const,
  filteredFirstPage: (serviceName: string, filters: object, isLoggedIn: boolean) =>
    ['marketplace', 'filtered', serviceName, filters, isLoggedIn] as const,
  section: (section: string, serviceName: string, filters: object, isLoggedIn: boolean) =>
    ['marketplace', 'section', section, serviceName, filters, isLoggedIn] as const,
  productNames: (operatingSystem: number, search: string, serviceName: string) =>
    ['marketplace', 'product-names', operatingSystem, search, serviceName] as const,
};

/** One page of either section; "Show more" asks for the next one with the same size. */
export const MARKETPLACE_PAGE_SIZE = 12;
