import { useLocation, useParams } from 'react-router';
import { Container, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isApiError } from '@/lib/api-client';
import { useContractMessages } from '@/lib/use-contract-messages';
import { readProductId, useVmProductDetails } from '../api/get-vm-product-details';
import { BackButton } from '../components/back-button';
import { ProductConfigurator } from '../components/product-configurator';
import { ProductDetailsSkeleton } from '../components/product-details-skeleton';
import { ProductUnavailable } from '../components/product-unavailable';

/**
 * /productdetails/{id} (vm-lifecycle.md §2.1): configure a VM product (region, period, memory,
 * disk, processor), see its Total Value, save it for later, share it, and Buy Now.
 */
export function ProductDetailsPage() {
  const { t } = useTranslation('products');
  const { translateError, translateMessage } = useContractMessages('products', marketplaceMessages);
  const productId = readProductId(useParams().id);
  // Another product, or another saved configuration of it, starts from its own choice.
  const { search } = useLocation();
  const details = useVmProductDetails(productId);
  const isNotFound =
    productId === null || (isApiError(details.error) && details.error.httpStatus === 404);

  return (
    <Container size="xl" py={{ base: 'lg', md: 40 }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <BackButton />
          <Title order={1} fz={{ base: 24, md: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {t('productDetails.title')}
          </Title>
        </Group>
        {isNotFound ? (
          <ProductUnavailable
            message={
              productId === null
                ? translateMessage(marketplaceMessages.productNotFound)
                : translateError(details.error)
            }
          />
        ) : details.isPending ? (
          <ProductDetailsSkeleton />
        ) : details.isError ? (
          <QueryErrorAlert
            title={t('productDetails.loadError')}
            message={translateError(details.error)}
            onRetry={() => void details.refetch()}
            isRetrying={details.isRefetching}
          />
        ) : (
          <ProductConfigurator key={`${productId}${search}`} details={details.data} />
        )}
      </Stack>
    </Container>
  );
}
