import { EmptyState } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCloudCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { CardGridSkeleton } from '@/components/card-grid-skeleton';
import { CloudCard } from '@/components/cloud-card';
import { ListGrid } from '@/components/list-grid';
import { useContractMessages } from '@/lib/use-contract-messages';
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
        <CardGridSkeleton height={300} />
      ) : clouds.length === 0 ? (
        <EmptyState
          icon={<IconCloudOff size={32} aria-hidden />}
          withIndicatorBackground
          title={message('noDataAvailable')}
          data-testid="clouds-empty"
          py="xl"
        />
      ) : (
        <ListGrid testId="clouds-list">
          {clouds.map((cloud, index) => (
            <li key={`${index}-${cloud.cloudTitle}`}>
              <CloudCard
                cloud={cloud}
                titleId={`cloud-${index}-title`}
                component="article"
                headingOrder={3}
                data-testid="cloud-card"
              />
            </li>
          ))}
        </ListGrid>
      )}
    </CollapsibleSection>
  );
}
