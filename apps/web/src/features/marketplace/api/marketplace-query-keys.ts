/**
 * The marketplace's query keys. Every answer depends on whether a customer asks (prices), so
 * each key carries `isLoggedIn`; a login or a logout moves every list to a cache of its own.
 */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  products: (serviceName: string, isLoggedIn: boolean) =>
    ['marketplace', 'products', serviceName, isLoggedIn] as const,
  filteredFirstPage: (serviceName: string, filters: object, isLoggedIn: boolean) =>
    ['marketplace', 'filtered', serviceName, filters, isLoggedIn] as const,
  section: (section: string, serviceName: string, filters: object, isLoggedIn: boolean) =>
    ['marketplace', 'section', section, serviceName, filters, isLoggedIn] as const,
  productNames: (
    operatingSystem: number,
    search: string,
    serviceName: string,
    isLoggedIn: boolean,
  ) => ['marketplace', 'product-names', operatingSystem, search, serviceName, isLoggedIn] as const,
};

/** One page of either section; "Show more" asks for the next one with the same size. */
export const MARKETPLACE_PAGE_SIZE = 12;
