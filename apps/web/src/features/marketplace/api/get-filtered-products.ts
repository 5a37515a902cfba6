import { useCallback } from 'react';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { TProductPage } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import type {
  TGetFilteredProductsRequest,
  TGetFilteredProductsResponse,
} from '@cloud-portal/contract/marketplace/get-filtered-products';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';
import {
  isUnfiltered,
  NO_FILTERS,
  toFilterPayload,
  type FilterSelection,
} from '../components/filter-state';
import { productsQueryOptions } from './get-products';
import { MARKETPLACE_PAGE_SIZE, marketplaceKeys } from './marketplace-query-keys';

export type ProductSection = 'VMProducts' | 'GoldVMData';

type PageRequest = {
  serviceName: string;
  selection: FilterSelection;
  page: number;
  section: TGetFilteredProductsRequest['section'];
};

/**
 * POST /api/marketPlace/getFilteredProducts: one page of products for the panel's filters, of
 * both sections (`all`, Apply) or of one (Show more). The answer is a list of one page.
 */
export async function getFilteredProducts(
  { serviceName, selection, page, section }: PageRequest,
  isLoggedIn: boolean,
  signal?: AbortSignal,
): Promise<TProductPage> {
  const body: TGetFilteredProductsRequest = {
    ...toFilterPayload(selection),
    websiteUrl: getSiteOrigin(),
    serviceName,
    page,
    pageSize: MARKETPLACE_PAGE_SIZE,
    section,
  };
  const data = await apiPost<TGetFilteredProductsResponse>(
    'marketPlace/getFilteredProducts',
    body,
    {
      signal,
      authenticated: isLoggedIn,
    },
  );
  const [first] = Array.isArray(data) ? data : [];
  if (first === undefined) throw new Error('getFilteredProducts answered without a page');
  return first;
}

function filteredFirstPageQueryOptions(
  serviceName: string,
  selection: FilterSelection,
  isLoggedIn: boolean,
) {
  return queryOptions({
    queryKey: marketplaceKeys.filteredFirstPage(serviceName, selection, isLoggedIn),
    queryFn: ({ signal }) =>
      getFilteredProducts({ serviceName, selection, page: 1, section: 'all' }, isLoggedIn, signal),
  });
}

/**
 * The first page of both sections for a selection: getProducts' own page when nothing is chosen
 * (the unfiltered lists), else a getFilteredProducts call. `fetch` asks again when the cached
 * answer is stale (Apply, which waits for it before it replaces the lists, so a failed call leaves
 * the lists as they were); `ensure` takes any cached answer (a section's page 1).
 */
export function loadFirstPage(
  queryClient: QueryClient,
  mode: 'fetch' | 'ensure',
  {
    serviceName,
    selection,
    isLoggedIn,
  }: Pick<SectionQuery, 'serviceName' | 'selection' | 'isLoggedIn'>,
): Promise<TProductPage> {
  if (isUnfiltered(selection)) {
    const options = productsQueryOptions(serviceName, isLoggedIn);
    return mode === 'fetch'
      ? queryClient.fetchQuery(options)
      : queryClient.ensureQueryData(options);
  }
  const options = filteredFirstPageQueryOptions(serviceName, selection, isLoggedIn);
  return mode === 'fetch' ? queryClient.fetchQuery(options) : queryClient.ensureQueryData(options);
}

type SectionQuery = {
  section: ProductSection;
  serviceName: string;
  selection: FilterSelection;
  isLoggedIn: boolean;
  enabled: boolean;
};

/**
 * One section's products, a page at a time: page 1 is the shared first page of both sections,
 * each further page ("Show more") that section's alone. The catalogue can hold thousands of
 * products, so nothing loads beyond the pages asked for.
 */
export function useSectionProducts({
  section,
  serviceName,
  selection,
  isLoggedIn,
  enabled,
}: SectionQuery) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: marketplaceKeys.section(section, serviceName, selection, isLoggedIn),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }): Promise<TProductPage> =>
      pageParam === 1
        ? loadFirstPage(queryClient, 'ensure', { serviceName, selection, isLoggedIn })
        : getFilteredProducts(
            { serviceName, selection, page: pageParam, section },
            isLoggedIn,
            signal,
          ),
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page[section].length, 0);
      const total = lastPage[`${section}Total`];
      return loaded < total && lastPage[section].length > 0 ? lastPage.page + 1 : undefined;
    },
    select: useCallback(
      (data: InfiniteData<TProductPage>) => ({
        products: uniqueProducts(data.pages.flatMap((page) => page[section])),
        total: data.pages.at(-1)?.[`${section}Total`] ?? 0,
      }),
      [section],
    ),
    // Apply swaps the key only once the new first page is in the cache; this keeps the old
    // lists on screen for that instant instead of flashing skeletons.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Both sections' first page of the unfiltered lists, from the products query (the marketplace's
 * loader: the cards are in the cache when the page renders, and in a server-rendered page).
 */
export function prefetchFirstSections(
  queryClient: QueryClient,
  serviceName: string,
  isLoggedIn: boolean,
): Promise<void[]> {
  return Promise.all(
    (['VMProducts', 'GoldVMData'] as const).map((section) =>
      queryClient.prefetchInfiniteQuery({
        queryKey: marketplaceKeys.section(section, serviceName, NO_FILTERS, isLoggedIn),
        initialPageParam: 1,
        queryFn: () =>
          loadFirstPage(queryClient, 'ensure', { serviceName, selection: NO_FILTERS, isLoggedIn }),
      }),
    ),
  );
}

/** A product that moved between pages (the catalogue changed in between) is listed once. */
function uniqueProducts<T extends { productID: number }>(products: T[]): T[] {
  const seen = new Set<number>();
  return products.filter((product) => {
    if (seen.has(product.productID)) return false;
    seen.add(product.productID);
    return true;
  });
}
