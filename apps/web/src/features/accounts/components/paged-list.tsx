import { useRef, useState, type ReactNode } from 'react';
import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { QueryErrorAlert } from '@/components/query-error-alert';

type PageData = { total: number; rows: readonly unknown[] };

type PageQuery<Page extends PageData> = {
  data: Page | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * The page a paged profile tab shows. Rows can disappear from the end (deleted elsewhere), so a
 * page past the end turns back to the last one; turning a page brings the list's top into view
 * when it had scrolled away.
 */
export function usePagedList<Page extends PageData>(
  useQueryOfPage: (page: number) => PageQuery<Page>,
  pageSize: number,
) {
  const [page, setPage] = useState(1);
  const query = useQueryOfPage(page);
  const listRef = useRef<HTMLDivElement>(null);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  if (query.data && !query.isPlaceholderData && query.data.rows.length === 0 && page > pages) {
    setPage(pages);
  }

  const turnTo = (next: number) => {
    setPage(next);
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) listRef.current?.scrollIntoView({ block: 'start' });
  };

  return { page, pages, total, query, listRef, turnTo };
}

type BodyProps<Page extends PageData> = {
  query: PageQuery<Page>;
  /** False while the texts the rows need are still loading. */
  isReady: boolean;
  errorTitle: string;
  translateError: (error: unknown) => string;
  loading: ReactNode;
  empty: ReactNode;
  /** The wrapper of the rows (dimmed while another page loads). */
  className?: string;
  children: (data: Page) => ReactNode;
};

/** A paged tab's body: the load error with Retry, the skeleton, the empty state or the rows. */
export function PagedListBody<Page extends PageData>({
  query,
  isReady,
  errorTitle,
  translateError,
  loading,
  empty,
  className,
  children,
}: BodyProps<Page>) {
  const { data } = query;
  if (!data && query.isError) {
    return (
      <QueryErrorAlert
        title={errorTitle}
        message={translateError(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!data || !isReady) return loading;
  if (data.total === 0) return empty;
  return (
    <div
      className={className}
      data-stale={query.isPlaceholderData || undefined}
      aria-busy={query.isPlaceholderData || undefined}
    >
      {children(data)}
    </div>
  );
}

/** Grey rows where a tab's rows will be, announced to screen readers as loading. */
export function ListSkeleton({
  count,
  height,
  label,
  testId,
}: {
  count: number;
  height: number;
  label: string;
  testId: string;
}) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid={testId}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}
