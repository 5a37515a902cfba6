import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'virtual:mantine-global-styles.css';
import './app/global.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { prefetchLayoutData } from './app/route-data';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
import { companyConfigurationQueryOptions } from './features/company/api/get-company-configuration';

const queryClient = createQueryClient();
// Ask which company this is while the first page's code (and a non-English language) loads.
void queryClient.prefetchQuery(companyConfigurationQueryOptions());
// …and, when a session may exist, who is signed in (never blocking the first paint).
void queryClient.prefetchQuery(sessionQueryOptions());
// …and what the header and footer of every page show; the page's own data starts in its loader.
prefetchLayoutData(queryClient);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

void initI18n().then((i18n) => {
  const root = createRoot(container);
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of in one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
