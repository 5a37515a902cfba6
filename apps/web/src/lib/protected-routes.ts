import { matchPath } from 'react-router';
import type en from '@/i18n/en.json';

type PageTitleKey = keyof (typeof en)['pages'];

/**
 * Every page only a signed-in customer may open (portal.md §2, vm-lifecycle.md §2 "All screens
 * below redirect to /customerlogin"), in the casings the spec uses. The router guards exactly
 * these; login returns a visitor to the one they were going to.
 */
export const PROTECTED_ROUTES: readonly { path: string; titleKey: PageTitleKey }[] = [
  { path: '/customerprofile/:id', titleKey: 'profile' },
  { path: '/CustomerProfile/:id', titleKey: 'profile' },
  { path: '/saveditem', titleKey: 'savedItems' },
  { path: '/SavedItem', titleKey: 'savedItems' },
  { path: '/productdetails/:id', titleKey: 'productDetails' },
  { path: '/payment', titleKey: 'payment' },
  { path: '/OZOWPaymentform', titleKey: 'ozowPaymentForm' },
  { path: '/PurchaseDetails/:commingFrom', titleKey: 'purchaseDetails' },
  { path: '/purchasedetails/:commingFrom', titleKey: 'purchaseDetails' },
  { path: '/PurchaseSuccessful', titleKey: 'purchaseSuccessful' },
  { path: '/PurchaseFailed', titleKey: 'purchaseFailed' },
  { path: '/transaction-status/:commingFrom', titleKey: 'transactionStatus' },
  { path: '/transaction-status-paypal/:tranRef/:option3', titleKey: 'transactionStatus' },
  { path: '/transaction-status-pesapal/:tranRef/:option3', titleKey: 'transactionStatus' },
  { path: '/transaction-status-payfast/:commingFrom', titleKey: 'transactionStatus' },
  { path: '/DownloadInvoice/:id', titleKey: 'downloadInvoice' },
  { path: '/TicketDetails/:id', titleKey: 'ticketDetails' },
  { path: '/buyclonevm/:id', titleKey: 'buyCloneVm' },
  { path: '/buysnapshotvm/:id', titleKey: 'buySnapshotVm' },
  { path: '/renewvm/:id', titleKey: 'renewVm' },
  { path: '/renewMultipleVM/:value', titleKey: 'renewMultipleVm' },
  { path: '/updatevm/:id', titleKey: 'updateVm' },
];

/** Route matching ignores case, as the router does. */
export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_ROUTES.some(
    (route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null,
  );
}
