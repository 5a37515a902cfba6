import { Suspense, type ComponentProps } from 'react';
import { lazyWithPreload, useHasOpened } from '@/lib/lazy-with-preload';

// Neither dialog's code (nor its modal, list and clipboard parts) is in the page's chunks: it
// loads when a pointer or the keyboard reaches what opens it, or at the latest when it opens.
const buyNow = lazyWithPreload(
  () => import('./buy-now-modal'),
  (module) => module.BuyNowModal,
);
const share = lazyWithPreload(
  () => import('./share-modal'),
  (module) => module.ShareModal,
);

export const preloadBuyNowDialogs = buyNow.preload;
export const preloadShareDialog = share.preload;

type BuyNowProps = ComponentProps<typeof buyNow.Component>;
type ShareProps = ComponentProps<typeof share.Component>;

/** Buy Now's dialogs (choose a gateway, pay in US dollars), mounted once Buy Now first opens one. */
export function LazyBuyNowModal(props: BuyNowProps) {
  const hasOpened = useHasOpened(props.step.kind !== 'closed');
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <buyNow.Component {...props} />
    </Suspense>
  );
}

/** The share dialog, mounted once it first opens. */
export function LazyShareModal(props: ShareProps) {
  const hasOpened = useHasOpened(props.opened);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <share.Component {...props} />
    </Suspense>
  );
}
