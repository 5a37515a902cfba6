import { Container, EmptyState } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import { CardListing } from '@/components/card-listing';
import { CloudCard } from '@/components/cloud-card';
import { PageHeader } from '@/components/page-header';
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
  const clouds = useExternalCloud();

  return (
    <>
      <PageHeader title={t('partners.title')} description={t('partners.intro', { companyName })} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <CardListing
          query={clouds}
          items={clouds.data}
          skeletonHeight={320}
          errorTitle={t('partners.loadError')}
          translateError={translateError}
          empty={
            <EmptyState
              icon={<IconCloudOff size={32} aria-hidden />}
              withIndicatorBackground
              title={t('partners.empty')}
              data-testid="partners-empty"
              py="xl"
            />
          }
          testId="partner-list"
          renderItem={(cloud) => (
            <CloudCard
              key={cloud.ID}
              cloud={cloud}
              titleId={`partner-cloud-${cloud.ID}`}
              component="li"
              headingOrder={2}
            />
          )}
        />
      </Container>
    </>
  );
}
