import type { ReactNode } from 'react';
import { ListGrid } from './list-grid';
import { QueryStates, type QueryStatesProps } from './query-states';

type Props<Item> = Pick<
  QueryStatesProps<Item>,
  'query' | 'items' | 'errorTitle' | 'translateError' | 'empty'
> & {
  skeletonCount?: number;
  skeletonHeight: number;
  testId: string;
  /** The item's `<li>`, with its key. */
  renderItem: (item: Item) => ReactNode;
};

/** The cards of a listing page (news, partner clouds, saved items), or why there are none. */
export function CardListing<Item>({
  skeletonCount,
  skeletonHeight,
  testId,
  renderItem,
  ...states
}: Props<Item>) {
  return (
    <QueryStates {...states} skeleton={{ count: skeletonCount, height: skeletonHeight }}>
      {(items) => <ListGrid testId={testId}>{items.map(renderItem)}</ListGrid>}
    </QueryStates>
  );
}
