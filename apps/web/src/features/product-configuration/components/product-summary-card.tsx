import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Configuration, Quote } from '@cloud-portal/contract/marketplace/configuration-rules';
import type { TVmProductDetail } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { FactList } from '@/components/fact-list';
import { OsImage } from '@/components/os-image';
import { formatAmount } from '@/lib/format-amount';

type Props = {
  product: TVmProductDetail;
  /** The customer's choice and its bill, as the Total Value table shows them. */
  configuration: Configuration;
  units: { memory: string; disk: string };
  quote: Quote;
  currency: string;
  /** The bookmark and share buttons. */
  actions: ReactNode;
  /** What saving answered, below the buttons. */
  notice: ReactNode;
};

/**
 * The product as configured: OS picture, name, and the chosen memory, disk, vCPU, period and
 * total payable (the same bill as the Total Value table, so the two never disagree).
 */
export function ProductSummaryCard({
  product,
  configuration,
  units,
  quote,
  currency,
  actions,
  notice,
}: Props) {
  const { t, i18n } = useTranslation('products');
  const facts = [
    { label: t('card.memory'), value: `${configuration.memory} ${units.memory}` },
    { label: t('card.disk'), value: `${configuration.disk} ${units.disk}` },
    { label: t('card.vcpu'), value: String(configuration.processor) },
    { label: t('card.period'), value: t('common.days', { count: quote.days }) },
    { label: t('card.total'), value: formatAmount(quote.totalPayable, currency, i18n.language) },
  ];

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="product-name"
      data-testid="product-summary"
    >
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box w={{ base: 72, sm: 120 }} style={{ flexShrink: 0 }}>
          <OsImage
            osType={product.osType}
            imagePath={product.imagePath}
            label={t('card.imageLabel', { name: product.productName, os: product.osType })}
            height={96}
          />
        </Box>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            {product.isPremium === 1 && (
              <Badge color="grape" variant="light">
                {t('card.premium')}
              </Badge>
            )}
            {product.isGoldCopy === 1 && (
              <Badge color="yellow" variant="light">
                {t('card.gold')}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {product.osType}
            </Text>
          </Group>
          <Title
            order={2}
            id="product-name"
            fz={{ base: 20, sm: 24 }}
            style={{ overflowWrap: 'anywhere' }}
          >
            {product.productName}
          </Title>
          {product.productDescription.trim() !== '' && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {product.productDescription}
            </Text>
          )}
        </Stack>
      </Group>
      <FactList
        facts={facts}
        variant="caption"
        valueSize="md"
        cols={{ base: 2, xs: 3, sm: 5 }}
        spacing="md"
        verticalSpacing="sm"
        mt="lg"
      />
      <Group gap="sm" mt="lg">
        {actions}
      </Group>
      {notice}
    </Paper>
  );
}
