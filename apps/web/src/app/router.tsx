import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, redirect, type RouteObject } from 'react-router';
import { CompanyGate } from '@/features/company/components/company-gate';
import { loadNamespace, settledLanguage, type LazyNamespace } from '@/i18n/i18n';
import { prepareCountryNames } from '@/lib/country-display-name';
import { PROTECTED_ROUTES } from '@/lib/protected-routes';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { RootLayout } from './root-layout';
import { GuestOnly, RequireSession } from './session/require-session';
import type { PageTitleKey, RouteHandle } from './route-handle';
import { customerPageLoader, homeLoader, marketplaceLoader } from './route-data';

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
 * A page whose texts live in a namespace of their own (a chunk per language): its code and its
 * texts arrive together, so it never renders an untranslated key.
 */
function pageWithTexts<TModule>(
  namespace: LazyNamespace,
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return () =>
    Promise.all([load(), loadNamespace(namespace)]).then(([module]) => ({
      Component: pick(module),
    }));
}

/** A page of the information pages, with the `content` translations. */
function contentPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
) {
  return pageWithTexts('content', load, pick);
}

/** A page of the accounts area, with the `accounts` translations. */
function accountsPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
) {
  return pageWithTexts('accounts', load, pick);
}

/**
 * A page of the accounts area whose form lists countries: it also waits for the region names,
 * built in a task of their own instead of inside the page's first render (prepareCountryNames).
 */
function accountsPageWithCountries<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
) {
  return accountsPage(
    () =>
      Promise.all([load(), settledLanguage().then(prepareCountryNames)]).then(([module]) => module),
    pick,
  );
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

const loginPage = accountsPage(
  () => import('@/features/accounts/pages/login-page'),
  (module) => module.LoginPage,
);
const signupPage = accountsPageWithCountries(
  () => import('@/features/accounts/pages/signup-page'),
  (module) => module.SignupPage,
);
const forgotPasswordPage = accountsPage(
  () => import('@/features/accounts/pages/forgot-password-page'),
  (module) => module.ForgotPasswordPage,
);
const recoverPasswordPage = accountsPage(
  () => import('@/features/accounts/pages/recover-password-page'),
  (module) => module.RecoverPasswordPage,
);
const loginOtpPage = accountsPage(
  () => import('@/features/accounts/pages/login-otp-page'),
  (module) => module.LoginOtpPage,
);
const profilePage = accountsPageWithCountries(
  () => import('./profile/profile-page'),
  (module) => module.ProfilePage,
);

/**
 * The marketplace with the content feature's Write to us form in its contact block (portal.md
 * §2): composed here, since features do not import each other.
 */
const marketplacePage = () =>
  Promise.all([
    import('@/features/marketplace/pages/marketplace-page'),
    import('@/features/content/components/write-to-us-form'),
    loadNamespace('marketplace'),
    loadNamespace('content'),
  ]).then(([{ MarketplacePage }, { WriteToUsForm }]) => ({
    Component: function MarketplaceWithContactForm() {
      return <MarketplacePage writeToUsForm={<WriteToUsForm />} />;
    },
  }));
const productDetailsPage = pageWithTexts(
  'products',
  () => import('@/features/product-configuration/pages/product-details-page'),
  (module) => module.ProductDetailsPage,
);
const savedItemsPage = pageWithTexts(
  'products',
  () => import('@/features/saved-items/pages/saved-items-page'),
  (module) => module.SavedItemsPage,
);

/**
 * The order screens of kinds 2–5 (vm-lifecycle.md §2.2–§2.4), with the `products` texts of the
 * Buy Now and share dialogs they share with a new purchase.
 */
function vmOrderPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return pageWithTexts(
    'vmOrders',
    () => Promise.all([load(), loadNamespace('products')]).then(([module]) => module),
    pick,
  );
}

/** The pages built so far behind the login; the rest arrive with their issues. */
const CUSTOMER_PAGES: Partial<Record<PageTitleKey, () => Promise<{ Component: ComponentType }>>> = {
  profile: profilePage,
  productDetails: productDetailsPage,
  savedItems: savedItemsPage,
  downloadInvoice: pageWithTexts(
    'receipts',
    () => import('@/features/receipts/pages/download-invoice-page'),
    (module) => module.DownloadInvoicePage,
  ),
  transactionStatus: pageWithTexts(
    'paymentResult',
    () => import('@/features/payment-result/pages/transaction-status-page'),
    (module) => module.TransactionStatusPage,
  ),
  purchaseSuccessful: pageWithTexts(
    'paymentResult',
    () => import('@/features/payment-result/pages/purchase-successful-page'),
    (module) => module.PurchaseSuccessfulPage,
  ),
  purchaseFailed: pageWithTexts(
    'paymentResult',
    () => import('@/features/payment-result/pages/purchase-failed-page'),
    (module) => module.PurchaseFailedPage,
  ),
  purchaseDetails: pageWithTexts(
    'checkout',
    () => import('@/features/checkout/pages/purchase-details-page'),
    (module) => module.PurchaseDetailsPage,
  ),
  renewVm: vmOrderPage(
    () => import('@/features/vm-orders/pages/renew-vm-page'),
    (module) => module.RenewVmPage,
  ),
  renewMultipleVm: vmOrderPage(
    () => import('@/features/vm-orders/pages/renew-multiple-vm-page'),
    (module) => module.RenewMultipleVmPage,
  ),
  buyCloneVm: vmOrderPage(
    () => import('@/features/vm-orders/pages/buy-backup-vm-page'),
    (module) => module.BuyCloneVmPage,
  ),
  buySnapshotVm: vmOrderPage(
    () => import('@/features/vm-orders/pages/buy-backup-vm-page'),
    (module) => module.BuySnapshotVmPage,
  ),
  ticketDetails: pageWithTexts(
    'tickets',
    () => import('@/features/tickets/pages/ticket-details-page'),
    (module) => module.TicketDetailsPage,
  ),
  updateVm: vmOrderPage(
    () => import('@/features/vm-orders/pages/update-vm-page'),
    (module) => module.UpdateVmPage,
  ),
};

/** portal.md §2: login, sign-up and the forgotten password, for visitors only. */
const GUEST_ROUTES: RouteObject[] = [
  { path: '/customerlogin', lazy: loginPage, handle: handle('login') },
  { path: '/signup', lazy: signupPage, handle: handle('signup') },
  { path: '/forgetpassword', lazy: forgotPasswordPage, handle: handle('forgotPassword') },
];

/** portal.md §2: the link-token recovery page (both names) and the one-time-code page. */
const ACCOUNT_ROUTES: RouteObject[] = [
  { path: '/recoverpassword', lazy: recoverPasswordPage, handle: handle('recoverPassword') },
  { path: '/updatepassword', lazy: recoverPasswordPage, handle: handle('updatePassword') },
  { path: '/loginotp/:ID/:emailId/:flow', lazy: loginOtpPage, handle: handle('loginOtp') },
];

/**
 * vm-lifecycle.md §2 (and portal.md's profile and saved items): the customer's pages, behind the
 * login.
 */
const customerRoutes = (queryClient: QueryClient): RouteObject[] =>
  PROTECTED_ROUTES.map(({ path, titleKey }) => {
    const target = REPLACED_ROUTES[titleKey];
    if (target) return { path, loader: () => redirect(target), handle: handle(titleKey) };
    return {
      path,
      lazy: CUSTOMER_PAGES[titleKey] ?? notAvailablePage,
      loader: customerPageLoader(queryClient, titleKey),
      handle: handle(titleKey),
    };
  });

/**
 * Spec routes whose pages are not built (ADR 026): /payment and the standalone Ozow form, whose
 * work the invoice screen and the gateways' own pages do. A customer who lands on one (an old link,
 * a bookmark) is taken to their purchases: the profile's VM tab, the spec's "View Purchase".
 */
const REPLACED_ROUTES: Partial<Record<PageTitleKey, string>> = {
  payment: '/customerprofile/2',
  ozowPaymentForm: '/customerprofile/2',
};

/** Routes whose features arrive in later issues: routed, named, and honest about it. */
const LATER_ROUTES: [path: string, titleKey: PageTitleKey][] = [['/test', 'test']];

/** portal.md §2: the marketplace, public (prices only for customers). */
const marketplaceRoutes = (queryClient: QueryClient): RouteObject[] =>
  ['/marketplace', '/marketplace/:serviceName'].map((path) => ({
    path,
    lazy: marketplacePage,
    loader: marketplaceLoader(queryClient),
    handle: handle('marketplace'),
  }));

/**
 * The staff's operator console (issue 27, ADR 028): its own sign-in, enrolment and shell, outside
 * the customer layout and the company gate (the staff's company is the session's, not the
 * site's). One lazy route: the console's own route table is in its chunk.
 */
const OPERATOR_ROUTE: RouteObject = {
  path: '/operator/*',
  lazy: pageWithTexts(
    'operator',
    () => import('@/features/operator/operator-console'),
    (module) => {
      const { OperatorConsole } = module;
      return function ConsoleWithDesk() {
        return <OperatorConsole extraPages={DESK_PAGES} />;
      };
    },
  ),
};

/** The ticket desk (features/ticket-desk), a page of the console composed here. */
const DESK_PAGES = {
  tickets: lazy(() =>
    import('@/features/ticket-desk/desk-page').then((module) => ({ default: module.DeskPage })),
  ),
};

function handle(titleKey: PageTitleKey): RouteHandle {
  return { titleKey };
}

/** The route table; loaders start each page's queries in `queryClient` (route-data.ts). */
export const buildRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // The global loading overlay covers the screen while the first page's code arrives.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      OPERATOR_ROUTE,
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
                  {
                    path: '/home',
                    lazy: homePage,
                    loader: homeLoader(queryClient),
                    handle: handle('home'),
                  },
                  ...CONTENT_ROUTES,
                  ...marketplaceRoutes(queryClient),
                  { element: <GuestOnly />, children: GUEST_ROUTES },
                  ...ACCOUNT_ROUTES,
                  { element: <RequireSession />, children: customerRoutes(queryClient) },
                  ...LATER_ROUTES.map(([path, titleKey]): RouteObject => ({
                    path,
                    lazy: notAvailablePage,
                    handle: handle(titleKey),
                  })),
                  // portal.md §2: any other path shows the home page.
                  {
                    path: '*',
                    lazy: homePage,
                    loader: homeLoader(queryClient),
                    handle: handle('home'),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
