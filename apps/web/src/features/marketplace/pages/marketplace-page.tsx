import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Container, EmptyState, Grid, Stack } from '@mantine/core';
import { IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { useSession } from '@/lib/session';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useProducts } from '../api/get-products';
import { CloudSection } from '../components/cloud-section';
import { countActiveFilters } from '../components/filter-state';
import { MarketplaceContact } from '../components/marketplace-contact';
import { ProductSection } from '../components/product-section';
import { QuickSearchPanel } from '../components/quick-search-panel';
import { useProductFilters } from '../components/use-product-filters';

/**
 * /marketplace and /marketplace/{serviceName} (portal.md §2): the quick-search panel beside the
 * two product sections and the clouds, then the contact block. With a service name, only that
 * cloud service's products, under its name. Prices only for a logged-in customer.
 */
export function MarketplacePage({ writeToUsForm }: { writeToUsForm?: ReactNode }) {
  const { serviceName = '' } = useParams();
  // A new service starts with a clean panel.
  return (
    <Marketplace key={serviceName} serviceName={serviceName.trim()} writeToUsForm={writeToUsForm} />
  );
}

function Marketplace({
  serviceName,
  writeToUsForm,
}: {
  serviceName: string;
  writeToUsForm: ReactNode;
}) {
  const { t } = useTranslation('marketplace');
  const { companyName } = useCompanyConfiguration();
  const { translateError } = useContractMessages('marketplace', marketplaceMessages);
  const session = useSession();
  const isLoggedIn = session.user !== null;
  const isReady = !session.isPending;
  const products = useProducts(serviceName, isLoggedIn, isReady);
  const filters = useProductFilters(serviceName, isLoggedIn);
  const isUnknownService = products.data?.serviceExists === false;

  return (
    <>
      <PageHeader
        eyebrow={serviceName === '' || isUnknownService ? undefined : t('title')}
        title={serviceName === '' || isUnknownService ? t('title') : serviceName}
        description={
          serviceName === ''
            ? t('intro', { companyName })
            : // A service's introduction waits until the service is known to exist.
              products.data?.serviceExists && t('serviceIntro', { companyName, serviceName })
        }
      />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        {isUnknownService ? (
          <EmptyState
            icon={<IconMoodEmpty size={32} aria-hidden />}
            withIndicatorBackground
            title={t('serviceNotFound.title')}
            description={t('serviceNotFound.text', { companyName, serviceName })}
            data-testid="service-not-found"
            py="xl"
          >
            <EmptyState.Actions>
              <Button
                component={Link}
                to="/marketplace"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
              >
                {t('serviceNotFound.backToMarketplace')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : products.error ? (
          <QueryErrorAlert
            title={t('sections.loadError')}
            message={translateError(products.error)}
            onRetry={() => void products.refetch()}
            isRetrying={products.isRefetching}
          />
        ) : (
          <Grid gap={{ base: 'lg', md: 'xl' }}>
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <QuickSearchPanel
                draft={filters.draft}
                filterData={products.data?.filterData}
                dispatch={filters.dispatch}
                onApply={filters.apply}
                isApplying={filters.isApplying}
                onReset={filters.reset}
                activeFilterCount={countActiveFilters(filters.applied)}
                serviceName={serviceName}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
              <Stack gap={48}>
                {(['VMProducts', 'GoldVMData'] as const).map((section) => (
                  <ProductSection
                    key={section}
                    section={section}
                    serviceName={serviceName}
                    selection={filters.applied}
                    isLoggedIn={isLoggedIn}
                    enabled={isReady}
                  />
                ))}
                <CloudSection clouds={products.data?.cloudData} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
        <MarketplaceContact writeToUsForm={writeToUsForm} />
      </Container>
    </>
  );
}
