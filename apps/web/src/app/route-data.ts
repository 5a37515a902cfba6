import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { userProfileInfoQueryOptions } from '@/lib/user-profile-info';
import { dropdownListQueryOptions } from '@/features/company/api/get-dropdown-list';
import { allNewsQueryOptions } from '@/features/content/api/get-all-news';
import { companyAddressQueryOptions } from '@/features/content/api/get-company-address';
import { productServicesQueryOptions } from '@/features/content/api/get-product-services';
import { prefetchFirstSections } from '@/features/marketplace/api/get-filtered-products';
import {
  readProductId,
  vmProductDetailsQueryOptions,
} from '@/features/product-configuration/api/get-vm-product-details';
import { sessionQueryOptions } from '@/lib/session';
import type { PageTitleKey } from './route-handle';

/*
 * Render as you fetch: a page's data is asked for when the router starts on the page, alongside
 * its code and texts, instead of once its component has arrived and rendered. On a slow phone
 * link that takes a round trip or two off the first meaningful paint. Every loader only starts
 * queries (the pages read them as before) and answers at once, so nothing waits on it and a
 * failed call shows on the page as it always did.
 */

/** The header's menus and the footer's links, which every page shows. */
export function prefetchLayoutData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dropdownListQueryOptions());
  void queryClient.prefetchQuery(productServicesQueryOptions());
}

/** /home (and any unknown path): the offices and the news (the products are the layout's). */
export function homeLoader(queryClient: QueryClient): LoaderFunction {
  return () => {
    void queryClient.prefetchQuery(companyAddressQueryOptions());
    void queryClient.prefetchQuery(allNewsQueryOptions());
    return null;
  };
}

/**
 * Runs `prefetch` once the session check has answered (GET /api/auth/session, shared with the
 * page; without the CSRF cookie it answers a visitor at once, with no call).
 */
function afterSessionCheck(
  queryClient: QueryClient,
  prefetch: (user: TSessionUser | null) => unknown,
): void {
  queryClient
    .fetchQuery(sessionQueryOptions())
    .then(prefetch)
    .catch(() => {
      // The page's own session check reports it.
    });
}

/** /marketplace and /marketplace/{serviceName}: the first page of products (prices if signed in). */
export function marketplaceLoader(queryClient: QueryClient): LoaderFunction {
  return ({ params }) => {
    const serviceName = (params.serviceName ?? '').trim();
    // The products, then both sections' cards made from them.
    afterSessionCheck(queryClient, (user) =>
      prefetchFirstSections(queryClient, serviceName, user !== null),
    );
    return null;
  };
}

/** The customer pages whose first screen is one query. */
export function customerPageLoader(
  queryClient: QueryClient,
  titleKey: PageTitleKey,
): LoaderFunction | undefined {
  switch (titleKey) {
    case 'profile':
      return () => {
        afterSessionCheck(queryClient, (user) =>
          user ? queryClient.prefetchQuery(userProfileInfoQueryOptions()) : undefined,
        );
        return null;
      };
    case 'productDetails':
      return ({ params }) => {
        const productId = readProductId(params.id);
        if (productId !== null)
          afterSessionCheck(queryClient, (user) =>
            user ? queryClient.prefetchQuery(vmProductDetailsQueryOptions(productId)) : undefined,
          );
        return null;
      };
    default:
      return undefined;
  }
}
