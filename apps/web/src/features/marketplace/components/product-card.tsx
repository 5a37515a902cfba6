import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVmProductCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { OsImage } from '@/components/os-image';
import { ProductPrice } from './product-price';
import { ProductSpecs } from './product-specs';

const IMAGE_HEIGHT = 140;

type Props = {
  product: TVmProductCard;
  isLoggedIn: boolean;
  onSelect: (productID: number) => void;
};

/** A product card (portal.md §2): picture or OS icon, name, RAM, disk, CPU, OS, price, Select. */
export function ProductCard({ product, isLoggedIn, onSelect }: Props) {
  const { t } = useTranslation('marketplace');
  const titleId = `product-${product.productID}-name`;

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      aria-labelledby={titleId}
      data-testid="product-card"
    >
      <Card.Section withBorder>
        <OsImage
          osType={product.osType}
          imagePath={product.imagePath}
          label={t('card.imageLabel', { name: product.productName, os: product.osType })}
          height={IMAGE_HEIGHT}
        />
      </Card.Section>
      <Stack gap="md" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {product.productName}
          </Title>
          {product.isPremium === 1 && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('card.premium')}
            </Badge>
          )}
        </Group>
        <ProductSpecs product={product} />
        <Stack gap="sm" mt="auto">
          <ProductPrice product={product} isLoggedIn={isLoggedIn} />
          <Button
            fullWidth
            onClick={() => onSelect(product.productID)}
            aria-label={t('card.selectLabel', { name: product.productName })}
          >
            {t('card.select')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
