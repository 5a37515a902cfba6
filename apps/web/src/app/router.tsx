import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CompanyGate } from '@/features/company/components/company-gate';
import { loadNamespace } from '@/i18n/i18n';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import type { PageTitleKey, RouteHandle } from './route-handle';

/*
 * THE route table of portal.md §2 and vm-lifecycle.md §2. Every page is its own lazy chunk, so
 * the first load carries only the shell and the page asked for. Matching ignores case; where the
 * spec writes a route in two casings, both are listed as the spec uses them.
 */

const homePage = () =>
  import('@/features/content/pages/home-page').then((module) => ({ Component: module.HomePage }));

const notAvailablePage = () =>
  import('./pages/not-available-page').then((module) => ({
    Component: module.NotAvailablePage,
  }));

const companyNotRegisteredPage = () =>
  import('@/features/company/pages/company-not-registered-page').then((module) => ({
    Component: module.CompanyNotRegisteredPage,
  }));

const underMaintenancePage = () =>
  import('@/features/company/pages/under-maintenance-page').then((module) => ({
    Component: module.UnderMaintenancePage,
  }));

/**
 * A page of the information pages: its code and its texts (the `content` translations, a chunk
 * of their own per language) arrive together, so it never renders an untranslated key.
 */
function contentPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return () =>
    Promise.all([load(), loadNamespace('content')]).then(([module]) => ({
      Component: pick(module),
    }));
}

/** portal.md §2: the information pages, the partner clouds and the business units. */
const CONTENT_ROUTES: RouteObject[] = [
  {
    path: '/about',
    lazy: contentPage(
      () => import('@/features/content/pages/about-page'),
      (module) => module.AboutPage,
    ),
    handle: handle('about'),
  },
  {
    path: '/termcondition',
    lazy: contentPage(
      () => import('@/features/content/pages/terms-page'),
      (module) => module.TermsPage,
    ),
    handle: handle('terms'),
  },
  {
    path: '/Faq',
    lazy: contentPage(
      () => import('@/features/content/pages/faq-page'),
      (module) => module.FaqPage,
    ),
    handle: handle('faq'),
  },
  {
    path: '/privacypolicy',
    lazy: contentPage(
      () => import('@/features/content/pages/privacy-page'),
      (module) => module.PrivacyPage,
    ),
    handle: handle('privacy'),
  },
  {
    path: '/help',
    lazy: contentPage(
      () => import('@/features/content/pages/help-page'),
      (module) => module.HelpPage,
    ),
    handle: handle('help'),
  },
  {
    path: '/news',
    lazy: contentPage(
      () => import('@/features/content/pages/news-page'),
      (module) => module.NewsPage,
    ),
    handle: handle('news'),
  },
  {
    path: '/businessunit/:businessName',
    lazy: contentPage(
      () => import('@/features/content/pages/business-unit-page'),
      (module) => module.BusinessUnitPage,
    ),
    handle: handle('productsAndServices'),
  },
  {
    path: '/partnerCloudServices',
    lazy: contentPage(
      () => import('@/features/content/pages/partner-cloud-services-page'),
      (module) => module.PartnerCloudServicesPage,
    ),
    handle: handle('partnerCloudServices'),
  },
  {
    path: '/newsletter',
    lazy: contentPage(
      () => import('@/features/content/pages/newsletter-page'),
      (module) => module.NewsletterPage,
    ),
    handle: handle('newsletter'),
  },
  {
    // portal.md §2 "Redirect helper page" (not in the spec's route table; named after its job).
    path: '/redirect',
    lazy: contentPage(
      () => import('@/features/content/pages/redirect-page'),
      (module) => module.RedirectPage,
    ),
    handle: handle('redirect'),
  },
];

/** Routes whose features arrive in later issues: routed, named, and honest about it. */
const LATER_ROUTES: [path: string, titleKey: PageTitleKey][] = [
  // portal.md §2: marketplace
  ['/marketplace', 'marketplace'],
  ['/marketplace/:serviceName', 'marketplace'],
  // portal.md §2: accounts
  ['/customerlogin', 'login'],
  ['/forgetpassword', 'forgotPassword'],
  ['/recoverpassword', 'recoverPassword'],
  ['/updatepassword', 'updatePassword'],
  ['/signup', 'signup'],
  ['/loginotp/:ID/:emailId/:flow', 'loginOtp'],
  ['/customerprofile/:id', 'profile'],
  ['/CustomerProfile/:id', 'profile'],
  ['/saveditem', 'savedItems'],
  ['/SavedItem', 'savedItems'],
  ['/test', 'test'],
  // vm-lifecycle.md §2: configuring, buying and paying
  ['/productdetails/:id', 'productDetails'],
  ['/payment', 'payment'],
  ['/OZOWPaymentform', 'ozowPaymentForm'],
  ['/PurchaseDetails/:commingFrom', 'purchaseDetails'],
  ['/purchasedetails/:commingFrom', 'purchaseDetails'],
  ['/PurchaseSuccessful', 'purchaseSuccessful'],
  ['/PurchaseFailed', 'purchaseFailed'],
  ['/transaction-status/:commingFrom', 'transactionStatus'],
  ['/transaction-status-paypal/:tranRef/:option3', 'transactionStatus'],
  ['/transaction-status-pesapal/:tranRef/:option3', 'transactionStatus'],
  ['/transaction-status-payfast/:commingFrom', 'transactionStatus'],
  // vm-lifecycle.md §2: managing machines, invoices and tickets
  ['/DownloadInvoice/:id', 'downloadInvoice'],
  ['/TicketDetails/:id', 'ticketDetails'],
  ['/buyclonevm/:id', 'buyCloneVm'],
  ['/buysnapshotvm/:id', 'buySnapshotVm'],
  ['/renewvm/:id', 'renewVm'],
  ['/renewMultipleVM/:value', 'renewMultipleVm'],
  ['/updatevm/:id', 'updateVm'],
];

function handle(titleKey: PageTitleKey): RouteHandle {
  return { titleKey };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // The global loading overlay covers the screen while the first page's code arrives.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        path: '/companynotregisteryet',
        lazy: companyNotRegisteredPage,
        handle: handle('companyNotRegistered'),
      },
      {
        path: '/undermaintenanceMode',
        lazy: underMaintenancePage,
        handle: handle('maintenance'),
      },
      {
        element: <CompanyGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                errorElement: <RouteErrorPage withinLayout />,
                children: [
                  { path: '/home', lazy: homePage, handle: handle('home') },
                  ...CONTENT_ROUTES,
                  ...LATER_ROUTES.map(([path, titleKey]): RouteObject => ({
                    path,
                    lazy: notAvailablePage,
                    handle: handle(titleKey),
                  })),
                  // portal.md §2: any other path shows the home page.
                  { path: '*', lazy: homePage, handle: handle('home') },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
