import { Link } from 'react-router';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { productDetailsPath } from '@/lib/product-details-link';

/** The profile's Purchase History tab (vm-lifecycle.md §2.6, §2.7). */
export const PURCHASES_PATH = '/CustomerProfile/2';

/**
 * The profile landed on its machine list (Products, with the new machine, its new sizes or its
 * clones): the personal sections closed and the list scrolled into view (issue 25).
 */
export const MACHINES_PATH = '/CustomerProfile/2#machines';

type Variant = 'filled' | 'default';

/** The way to the customer's purchases, where every order's status shows. */
export function PurchasesButton({
  label,
  variant = 'filled',
  testId = 'payment-result-purchases',
  to = PURCHASES_PATH,
}: {
  label?: string;
  variant?: Variant;
  testId?: string;
  to?: string;
}) {
  const { t } = useTranslation('paymentResult');
  return (
    <Button component={Link} to={to} variant={variant} data-testid={testId}>
      {label ?? t('status.viewPurchases')}
    </Button>
  );
}

/** Back to the product's configuration page, to try again. */
export function BackToProductButton({
  productID,
  label,
  variant = 'filled',
  testId = 'payment-result-back-to-product',
}: {
  productID: number;
  label?: string;
  variant?: Variant;
  testId?: string;
}) {
  const { t } = useTranslation('paymentResult');
  return (
    <Button
      component={Link}
      to={productDetailsPath(productID)}
      variant={variant}
      data-testid={testId}
    >
      {label ?? t('status.backToProduct')}
    </Button>
  );
}

export function MarketplaceButton({ variant = 'default' }: { variant?: Variant }) {
  const { t } = useTranslation('paymentResult');
  return (
    <Button
      component={Link}
      to="/marketplace"
      variant={variant}
      data-testid="payment-result-marketplace"
    >
      {t('status.toMarketplace')}
    </Button>
  );
}

/** "Order ORD-…": which order the page is about. */
export function OrderReference({ orderID }: { orderID: string }) {
  const { t } = useTranslation('paymentResult');
  return (
    <Text
      c="dimmed"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="payment-result-order-id"
    >
      {t('status.orderReference', { orderID })}
    </Text>
  );
}
