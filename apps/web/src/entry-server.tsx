import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { isCompanyConfigurationComplete } from '@cloud-portal/contract/company/company-rules';
import type {
  TFirstRenderRequest,
  TRenderFirstScreen,
} from '@cloud-portal/contract/web/first-render';
import { AppProviders } from './app/providers';
import { prefetchLayoutData } from './app/route-data';
import { buildRoutes } from './app/router';
import { getRouteTitleKey, type RouteHandle } from './app/route-handle';
import type { FirstRenderState } from './app/first-render-state';
import { companyConfigurationQueryOptions } from './features/company/api/get-company-configuration';
import { initI18nWithResources, type LazyNamespace } from './i18n/i18n';
import { normalizeHexColor } from './lib/color-scale';
import { createQueryClient } from './lib/query-client';
import { setPageEnvironment, type PageEnvironment } from './lib/page-environment';
import { sessionQueryOptions } from './lib/session';

/*
 * The server's first render of a visitor page (ADR 022). The API process imports this bundle
 * and calls `renderFirstScreen` per page it renders; the page's data comes from the API's own
 * handlers through `request.api`, with the same queries the browser runs, and goes to the browser
 * dehydrated, so hydration renders exactly what the server wrote.
 */

/**
 * The pages written on the server, by their route's title key, with the source modules of their
 * lazy code and texts: the server links their scripts and stylesheets into the page, so the first
 * paint is styled and hydration waits for no further round trip.
 */
const FIRST_SCREEN_MODULES: Partial<Record<RouteHandle['titleKey'], readonly string[]>> = {
  home: ['src/features/content/pages/home-page.tsx'],
  profile: [
    'src/app/profile/profile-page.tsx',
    'src/features/accounts/components/account-header-actions.tsx',
  ],
  productDetails: [
    'src/features/product-configuration/pages/product-details-page.tsx',
    'src/features/accounts/components/account-header-actions.tsx',
  ],
  marketplace: [
    'src/features/marketplace/pages/marketplace-page.tsx',
    'src/features/content/components/write-to-us-form.tsx',
  ],
};

/** Namespaces each page's route loads (router.tsx), whose chunk per language the page needs. */
const FIRST_SCREEN_NAMESPACES: Partial<Record<RouteHandle['titleKey'], readonly LazyNamespace[]>> =
  {
    marketplace: ['marketplace', 'content'],
    // The profile's tabs load their own texts; the browser loads them before it hydrates.
    profile: ['accounts', 'lifecycle', 'vmOrders', 'vmActions', 'publicIp', 'tickets'],
    productDetails: ['products', 'accounts'],
  };

/** Pages of a signed-in customer: written only for the customer the request's cookies name. */
const CUSTOMER_PAGES: ReadonlySet<RouteHandle['titleKey']> = new Set(['profile', 'productDetails']);

const environment = new AsyncLocalStorage<PageEnvironment>();
setPageEnvironment(() => {
  const current = environment.getStore();
  if (!current) throw new Error('The page environment is read outside a first render.');
  return current;
});

const i18nReady = initI18nWithResources(readAllTexts());

/** Every language's texts: `i18n/<lang>.json` and each namespace's `i18n/<dir>/<lang>.json`. */
function readAllTexts(): Resource {
  const files = import.meta.glob<Record<string, unknown>>('./i18n/**/*.json', {
    eager: true,
    import: 'default',
  });
  const resources: Resource = {};
  for (const [file, texts] of Object.entries(files)) {
    const parts = file
      .replace(/^\.\/i18n\//, '')
      .replace(/\.json$/, '')
      .split('/');
    const language = parts.at(-1)!;
    const namespace =
      parts.length === 1
        ? 'translation'
        : parts[0]!.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    (resources[language] ??= {})[namespace] = texts;
  }
  return resources;
}

export const renderFirstScreen: TRenderFirstScreen = async (request) => {
  const i18n = (await i18nReady).cloneInstance({ lng: request.language, initAsync: false });
  const queryClient = createQueryClient();
  // A failed call is the browser's to retry and report; the server then sends no render.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const page = {
    origin: new URL(request.url).origin,
    cookies: request.cookies,
    fetch: apiFetch(request),
  };

  return environment.run(page, async () => {
    const handler = createStaticHandler(buildRoutes(queryClient));
    void queryClient.prefetchQuery(companyConfigurationQueryOptions());
    void queryClient.prefetchQuery(sessionQueryOptions());
    prefetchLayoutData(queryClient);
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors) return null;
    const titleKey = getRouteTitleKey(
      context.matches.map(({ route }) => ({ handle: route.handle })),
    );
    const modules = titleKey ? FIRST_SCREEN_MODULES[titleKey] : undefined;
    if (!titleKey || !modules) return null;
    // A customer's page needs the customer, a visitor's page no session cookie at all.
    if (CUSTOMER_PAGES.has(titleKey) !== (request.cookies !== '')) return null;

    await whenSettled(queryClient);
    const configuration = queryClient.getQueryData(companyConfigurationQueryOptions().queryKey);
    if (!configuration || !isCompanyConfigurationComplete(configuration)) return null;
    // Only the browser can read a brand colour that is not hex (lib/color-scale.ts).
    const { primaryColor } = configuration;
    if (primaryColor && normalizeHexColor(primaryColor) === null) return null;
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    ) {
      return null;
    }

    // prerender, unlike renderToString, waits for the page's lazy parts (the product cards), so
    // the whole first screen is in the HTML.
    const renderErrors: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders
          queryClient={queryClient}
          i18n={i18n}
          assumedViewportWidth={request.viewportWidth}
        >
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </StrictMode>,
      {
        onError: (error) => void renderErrors.push(error),
        // Large parts would otherwise be sent apart and put in place by an inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    const html = await new Response(prelude).text();
    // A part that failed would be left to the browser by an inline script, which the CSP
    // forbids: the whole page is then the browser's.
    if (renderErrors.length === 0 && html.includes('<script')) {
      renderErrors.push(new Error('the page needs an inline script'));
    }
    if (renderErrors.length > 0) {
      const [first] = renderErrors;
      throw new Error(
        `a part of the page failed: ${first instanceof Error ? first.message : String(first)}`,
        {
          cause: first,
        },
      );
    }
    const namespaces = FIRST_SCREEN_NAMESPACES[titleKey] ?? [];
    const state: FirstRenderState = {
      language: request.language,
      namespaces: [...namespaces],
      viewportWidth: request.viewportWidth,
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData },
    };
    return {
      html,
      state: JSON.stringify(state),
      modules: [
        ...modules,
        ...namespaces.map((namespace) => `src/i18n/${kebab(namespace)}/${request.language}.json`),
      ],
    };
  });
};

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The API, called in-process by the server that renders. */
function apiFetch(request: TFirstRenderRequest): PageEnvironment['fetch'] {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await request.api({
      method: init.method === 'POST' ? 'POST' : 'GET',
      url: input,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    // A session to renew is the browser's to renew (a refresh token works once, and only the
    // browser can keep the new one): the call fails as unreachable, and the page is not written.
    if (answer.status === 401) throw new Error('The session needs renewing in the browser.');
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/**
 * Resolves once no query is fetching, including those a loader starts after another answers
 * (the marketplace's products wait for the session check).
 */
async function whenSettled(queryClient: QueryClient): Promise<void> {
  for (;;) {
    if (queryClient.isFetching() === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (queryClient.isFetching() === 0) return;
    }
    await new Promise<void>((resolve) => {
      const stop = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) {
          stop();
          resolve();
        }
      });
    });
  }
}
