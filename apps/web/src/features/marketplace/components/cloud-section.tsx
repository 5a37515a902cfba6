import { EmptyState, SimpleGrid } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCloudCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { CloudCard } from '@/components/cloud-card';
import { useContractMessages } from '@/lib/use-contract-messages';
import { CardGridSkeleton } from './card-grid-skeleton';
import { CollapsibleSection } from './collapsible-section';

type Props = {
  /** Undefined while the marketplace loads. */
  clouds: TCloudCard[] | undefined;
};

/** The Clouds section (portal.md §2): a card per cloud, 'No data available' when there is none. */
export function CloudSection({ clouds }: Props) {
  const { t } = useTranslation('marketplace');
  const { message } = useContractMessages('marketplace', marketplaceMessages);

  return (
    <CollapsibleSection id="clouds" title={t('sections.clouds')}>
      {clouds === undefined ? (
        <CardGridSkeleton count={3} height={300} />
      ) : clouds.length === 0 ? (
        <EmptyState
          icon={<IconCloudOff size={32} aria-hidden />}
          withIndicatorBackground
          title={message('noDataAvailable')}
          data-testid="clouds-empty"
          py="xl"
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="clouds-list"
        >
          {clouds.map((cloud, index) => (
            <li key={`${index}-${cloud.cloudTitle}`}>
              <CloudCard
                cloud={cloud}
                titleId={`cloud-${index}-title`}
                component="article"
                headingOrder={3}
                data-testid="cloud-card"
                texts={{
                  logoAlt: t('clouds.logoAlt', { title: cloud.cloudTitle }),
                  noLogo: t('clouds.noLogo'),
                  select: t('clouds.select'),
                  selectLabel: t('clouds.selectLabel', { title: cloud.cloudTitle }),
                  websiteUnavailable: t('clouds.websiteUnavailable'),
                }}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
    </CollapsibleSection>
  );
}
