import { EmptyState } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { CardGridSkeleton } from '@/components/card-grid-skeleton';
import { ListGrid } from '@/components/list-grid';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useSectionProducts, type ProductSection as Section } from '../api/get-filtered-products';
import { CollapsibleSection } from './collapsible-section';
import type { FilterSelection } from './filter-state';
import { ProductCard } from './product-card';
import { ShowMore } from './show-more';
import { useSelectProduct } from './use-select-product';

const SECTIONS = {
  VMProducts: { id: 'virtual-machines', titleKey: 'sections.virtualMachines' },
  GoldVMData: { id: 'custom-virtual-machines', titleKey: 'sections.customVirtualMachines' },
} as const;

type Props = {
  section: Section;
  serviceName: string;
  selection: FilterSelection;
  isLoggedIn: boolean;
  /** False while the session is being checked. */
  enabled: boolean;
};

/**
 * Explore Virtual Machine or Explore Custom Virtual Machines (portal.md §2): the section's first
 * page of cards for the applied filters, "Show more" for the next, 'Data Not Found' when empty.
 */
export function ProductSection({ section, serviceName, selection, isLoggedIn, enabled }: Props) {
  const { t } = useTranslation('marketplace');
  const { message, translateError } = useContractMessages('marketplace', marketplaceMessages);
  const selectProduct = useSelectProduct(isLoggedIn);
  const query = useSectionProducts({ section, serviceName, selection, isLoggedIn, enabled });
  const { id, titleKey } = SECTIONS[section];
  const title = t(titleKey);

  const content = () => {
    if (query.data === undefined && query.error === null) {
      return <CardGridSkeleton height={420} />;
    }
    if (query.data === undefined) {
      return (
        <QueryErrorAlert
          title={t('sections.loadError')}
          message={translateError(query.error)}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      );
    }
    const { products, total } = query.data;
    if (products.length === 0) {
      return (
        <EmptyState
          icon={<IconServerOff size={32} aria-hidden />}
          withIndicatorBackground
          title={message('dataNotFound')}
          data-testid={`${id}-empty`}
          py="xl"
        />
      );
    }
    return (
      <>
        <ListGrid testId={`${id}-list`}>
          {products.map((product) => (
            <li key={product.productID}>
              <ProductCard product={product} isLoggedIn={isLoggedIn} onSelect={selectProduct} />
            </li>
          ))}
        </ListGrid>
        <ShowMore
          sectionTitle={title}
          shown={products.length}
          total={Math.max(total, products.length)}
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          error={query.isFetchNextPageError ? translateError(query.error) : null}
          onShowMore={() => void query.fetchNextPage()}
        />
      </>
    );
  };

  return (
    <CollapsibleSection id={id} title={title}>
      <div aria-busy={query.isFetching && !query.isFetchingNextPage}>{content()}</div>
    </CollapsibleSection>
  );
}
