import { Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { productShareUrl } from './share-target';
import type { useVmBuyNow } from './use-vm-buy-now';
import type { ConvertibleBill, ExtraBillRow, VmOrderKit } from './vm-order-kit';

type Purchase = ReturnType<typeof useVmBuyNow>;

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
 * An order screen's dialogs: the new purchase's Buy Now dialogs (choose a gateway, pay in US
 * dollars) with this screen's bill, and the share dialog when the screen shares its product.
 */
export function OrderDialogs({
  kit,
  purchase,
  bill,
  currency,
  share,
}: {
  kit: VmOrderKit;
  purchase: Purchase;
  bill: { convertible: ConvertibleBill; extraRows?: readonly ExtraBillRow[] };
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
        <kit.ShareModal
          opened={share.isOpen}
          onClose={share.onClose}
          url={productShareUrl(window.location.origin, share.product.productID)}
          productName={share.product.productName}
        />
      )}
      <kit.BuyNowModal
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
