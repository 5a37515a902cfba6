import { Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LazyBuyNowModal,
  LazyShareModal,
  preloadBuyNowDialogs,
  preloadShareDialog,
} from '@/components/order-dialogs/lazy-order-dialogs';
import type { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import type { ExtraBillRow, UsdBill } from '@/components/order-dialogs/usd-conversion-modal';
import { productPageUrl } from '@/lib/share-links';

type Purchase = ReturnType<typeof useBuyNow>;

/** Loads the dialogs' code before one opens: a pointer or the keyboard reached Buy Now or Share. */
export function preloadOrderDialogs() {
  preloadBuyNowDialogs();
  preloadShareDialog();
}

/** Buy Now at the foot of an order screen's bill: busy while the order is being placed. */
export function BuyNowButton({
  purchase,
  onClick,
  onIntent,
  isDisabled = false,
}: {
  purchase: Purchase;
  onClick: () => void;
  /** A pointer or the keyboard reached the button: the dialogs' code can load now. */
  onIntent: () => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation('vmOrders');
  return (
    <Button
      size="md"
      fullWidth
      leftSection={<IconShoppingCart size={18} aria-hidden />}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      loading={purchase.isOrdering && purchase.step.kind === 'closed'}
      disabled={purchase.isOrdering || isDisabled}
      data-testid="buy-now"
    >
      {t('actions.buyNow')}
    </Button>
  );
}

/**
 * An order screen's dialogs: Buy Now's dialogs (choose a gateway, pay in US dollars) with this
 * screen's bill, and the share dialog when the screen shares its product.
 */
export function OrderDialogs({
  purchase,
  bill,
  currency,
  share,
}: {
  purchase: Purchase;
  bill: { convertible: UsdBill; extraRows?: readonly ExtraBillRow[] };
  currency: string;
  share?: {
    isOpen: boolean;
    onClose: () => void;
    product: { productID: number; productName: string };
  };
}) {
  return (
    <>
      {share && (
        <LazyShareModal
          opened={share.isOpen}
          onClose={share.onClose}
          url={productPageUrl(window.location.origin, share.product.productID)}
          productName={share.product.productName}
        />
      )}
      <LazyBuyNowModal
        step={purchase.step}
        gateways={purchase.offeredGateways}
        quote={bill.convertible}
        extraRows={bill.extraRows}
        currency={currency}
        onClose={purchase.close}
        onChoose={purchase.choose}
        onConfirmConversion={purchase.confirmConversion}
        isOrdering={purchase.isOrdering}
      />
    </>
  );
}
