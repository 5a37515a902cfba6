import type { ReactNode } from 'react';
import { CardGridSkeleton } from './card-grid-skeleton';
import { QueryErrorAlert } from './query-error-alert';

export type QueryStatesProps<Item> = {
  query: {
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
    isRefetching: boolean;
  };
  /** What to show of the query's data. */
  items: readonly Item[] | undefined;
  /** Stand-in cards while it loads. */
  skeleton: { count?: number; height: number };
  errorTitle: string;
  translateError: (error: Error) => string;
  /** Shown when the query found nothing. */
  empty: ReactNode;
  children: (items: readonly Item[]) => ReactNode;
};

/** A list's data in each of its states: loading, failed (with a retry), empty, or there. */
export function QueryStates<Item>({
  query,
  items,
  skeleton,
  errorTitle,
  translateError,
  empty,
  children,
}: QueryStatesProps<Item>) {
  if (query.isPending) return <CardGridSkeleton {...skeleton} />;
  if (query.error) {
    return (
      <QueryErrorAlert
        title={errorTitle}
        message={translateError(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  }
  if (items === undefined || items.length === 0) return empty;
  return children(items);
}
