import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVmProductDetail } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { FactList } from '@/components/fact-list';
import { OsImage } from '@/components/os-image';
import { formatAmount } from '@/lib/format-amount';

type Props = {
  product: TVmProductDetail;
  /** The bookmark and share buttons. */
  actions: ReactNode;
};

/** The product as the catalogue lists it: OS picture, name, memory, disk, vCPU, period, price. */
export function ProductSummaryCard({ product, actions }: Props) {
  const { t } = useTranslation('products');
  const facts = [
    { label: t('card.memory'), value: `${product.vm_RAM_Count} ${product.vm_RAM_Unit}` },
    { label: t('card.disk'), value: `${product.vm_Driver_Count} ${product.vm_Driver_Unit}` },
    { label: t('card.vcpu'), value: String(product.vm_CPU_Count) },
    { label: t('card.period'), value: t('common.days', { count: product.vm_validity }) },
    { label: t('card.price'), value: formatAmount(product.vm_Cost, product.vm_currency) },
  ];

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="product-name"
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
    </Paper>
  );
}
