import { lazyDialog } from '@/lib/lazy-dialog';

// Neither dialog's code (nor its modal, list and clipboard parts) is in the page's chunks: it
// loads when a pointer or the keyboard reaches what opens it, or at the latest when it opens.

/** Buy Now's dialogs (choose a gateway, pay in US dollars), mounted once Buy Now first opens one. */
export const { Dialog: LazyBuyNowModal, preload: preloadBuyNowDialogs } = lazyDialog(
  () => import('./buy-now-modal'),
  (module) => module.BuyNowModal,
  (props) => props.step.kind !== 'closed',
);

/** The share dialog, mounted once it first opens. */
export const { Dialog: LazyShareModal, preload: preloadShareDialog } = lazyDialog(
  () => import('./share-modal'),
  (module) => module.ShareModal,
  (props) => props.opened,
);
