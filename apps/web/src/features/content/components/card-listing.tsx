import type { ComponentType, ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import { ListGrid } from '@/components/list-grid';
import { QueryStates, type QueryStatesProps } from '@/components/query-states';

const COLUMNS = { base: 1, sm: 2, lg: 3 };

type Props<Item> = Pick<
  QueryStatesProps<Item>,
  'query' | 'items' | 'errorTitle' | 'translateError'
> & {
  skeletonCount?: number;
  skeletonHeight: number;
  empty: { icon: ComponentType<IconProps>; title: string; testId: string };
  testId: string;
  /** The item's `<li>`, with its key. */
  renderItem: (item: Item) => ReactNode;
};

/** The cards of a listing page (news, partner clouds), three to a row, or why there are none. */
export function CardListing<Item>({
  skeletonCount,
  skeletonHeight,
  empty: { icon: Icon, title, testId: emptyTestId },
  testId,
  renderItem,
  ...states
}: Props<Item>) {
  return (
    <QueryStates
      {...states}
      skeleton={{ cols: COLUMNS, count: skeletonCount, height: skeletonHeight }}
      empty={
        <EmptyState
          icon={<Icon size={32} aria-hidden />}
          withIndicatorBackground
          title={title}
          data-testid={emptyTestId}
          py="xl"
        />
      }
    >
      {(items) => (
        <ListGrid cols={COLUMNS} testId={testId}>
          {items.map(renderItem)}
        </ListGrid>
      )}
    </QueryStates>
  );
}
