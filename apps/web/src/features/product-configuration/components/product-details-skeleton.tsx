import { Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The page's shape while the product loads. */
export function ProductDetailsSkeleton() {
  const { t } = useTranslation('products');
  return (
    <Grid
      gap="xl"
      aria-busy="true"
      aria-label={t('productDetails.loading')}
      data-testid="product-loading"
    >
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton height={28} width="60%" />
              <Skeleton height={16} width="40%" />
              <Skeleton height={56} />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={28} />
              <Skeleton height={28} />
              <Skeleton height={28} />
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Skeleton height={24} width="50%" />
            <Skeleton height={160} />
            <Skeleton height={42} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
