import { Container, EmptyState, SimpleGrid, Skeleton } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import { CloudCard } from '@/components/cloud-card';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useExternalCloud } from '../api/get-external-cloud';

/**
 * /partnerCloudServices (portal.md §2): a card per partner cloud with its logo, title and
 * description; Select opens the partner's website in a new tab. 'No data available' when none.
 */
export function PartnerCloudServicesPage() {
  const { t } = useTranslation('content');
  const { companyName } = useCompanyConfiguration();
  const { translateError } = useContractMessages('content', messages);
  const { data: clouds, error, isPending, refetch, isRefetching } = useExternalCloud();

  return (
    <>
      <PageHeader title={t('partners.title')} description={t('partners.intro', { companyName })} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        {isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : error ? (
          <QueryErrorAlert
            title={t('partners.loadError')}
            message={translateError(error)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : clouds.length === 0 ? (
          <EmptyState
            icon={<IconCloudOff size={32} aria-hidden />}
            withIndicatorBackground
            title={t('partners.empty')}
            data-testid="partners-empty"
            py="xl"
          />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="partner-list"
          >
            {clouds.map((cloud) => (
              <CloudCard
                key={cloud.ID}
                cloud={cloud}
                titleId={`partner-cloud-${cloud.ID}`}
                component="li"
                headingOrder={2}
                texts={{
                  logoAlt: t('partners.logoAlt', { title: cloud.cloudTitle }),
                  noLogo: t('partners.noLogo'),
                  select: t('partners.select'),
                  selectLabel: t('partners.selectLabel', { title: cloud.cloudTitle }),
                  websiteUnavailable: t('partners.websiteUnavailable'),
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
