import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import 'virtual:mantine-global-styles.css';
import './app/global.css';
import { freshFromNow, readFirstRenderState } from './app/first-render-state';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/router';
import { prefetchLayoutData } from './app/route-data';
import { initI18n, isLazyNamespace, isSupportedLanguage, loadNamespace } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
import { companyConfigurationQueryOptions } from './features/company/api/get-company-configuration';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
// A page the server rendered (ADR 022) brings its answers with it.
const firstRender = readFirstRenderState();
if (firstRender) hydrate(queryClient, freshFromNow(firstRender.queries));
// Ask which company this is while the first page's code (and a non-English language) loads.
void queryClient.prefetchQuery(companyConfigurationQueryOptions());
// …and, when a session may exist, who is signed in (never blocking the first paint).
void queryClient.prefetchQuery(sessionQueryOptions());
// …and what the header and footer of every page show; the page's own data starts in its loader.
prefetchLayoutData(queryClient);

const routes = buildRoutes(queryClient);
const serverLanguage =
  firstRender && isSupportedLanguage(firstRender.language) ? firstRender.language : undefined;

if (firstRender && serverLanguage) {
  // The server's page stays on screen while this page's code arrives, then comes alive.
  const pageCode = loadMatchedRoutes(routes);
  void initI18n(serverLanguage).then(async (i18n) => {
    if (i18n.language !== serverLanguage) {
      // The visitor chose another language on an earlier visit: this page is written anew.
      renderApp(createBrowserRouter(routes), i18n);
      return;
    }
    await Promise.all([
      pageCode,
      ...firstRender.namespaces.filter(isLazyNamespace).map((name) => loadNamespace(name)),
    ]);
    const router = createBrowserRouter(routes, { hydrationData: firstRender.router });
    startTransition(() => {
      hydrateRoot(container, app(router, i18n, queryClient, firstRender.viewportWidth));
    });
  });
} else {
  // Loaders and the page's code start now, alongside the texts.
  const router = createBrowserRouter(routes);
  void initI18n().then((i18n) => renderApp(router, i18n));
}

function renderApp(router: ReturnType<typeof createBrowserRouter>, i18n: I18n): void {
  container!.replaceChildren();
  const root = createRoot(container!);
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of in one long task.
  startTransition(() => root.render(app(router, i18n, queryClient)));
}

function app(
  router: ReturnType<typeof createBrowserRouter>,
  i18n: I18n,
  client: QueryClient,
  assumedViewportWidth?: number,
) {
  return (
    <StrictMode>
      <AppReady>
        <AppProviders queryClient={client} i18n={i18n} assumedViewportWidth={assumedViewportWidth}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppReady>
    </StrictMode>
  );
}

/** `<html data-app-ready>` once the app's first render or hydration has committed. */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return children;
}

/**
 * Hydration needs the page's lazy routes in place before it starts (React Router's guide to lazy
 * routes with server rendering): each matched route's code and texts are loaded and written into
 * the route, which the router then finds ready.
 */
async function loadMatchedRoutes(routeTree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeTree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
