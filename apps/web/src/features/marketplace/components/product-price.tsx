import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVmProductCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { currencySymbol, formatAmount } from '@/lib/format-amount';

type Props = { product: TVmProductCard; isLoggedIn: boolean };

/**
 * A product's price for its validity ("R 1,234.50 / 30 days"). Visitors get no amount from the
 * server (portal.md §4): they see the currency's symbol and a hint to log in.
 */
export function ProductPrice({ product, isLoggedIn }: Props) {
  const { t, i18n } = useTranslation('marketplace');

  if (product.vm_Cost === undefined) {
    return (
      <Stack gap={0} data-testid="product-price-hidden">
        <Text fw={700} fz="xl" lh={1.2}>
          {currencySymbol(product.vm_Currency)}
        </Text>
        <Text size="sm" c="dimmed">
          {isLoggedIn ? t('card.priceUnavailable') : t('card.loginForPrices')}
        </Text>
      </Stack>
    );
  }

  const price = formatAmount(product.vm_Cost, product.vm_Currency, i18n.language);
  return (
    <Text fw={700} fz="xl" lh={1.2} style={{ whiteSpace: 'nowrap' }} data-testid="product-price">
      {product.vm_validity > 0
        ? t('card.pricePerPeriod', { price, count: product.vm_validity })
        : price}
    </Text>
  );
}
