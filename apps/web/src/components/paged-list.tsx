import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LazyNamespace } from '@/i18n/i18n';
import { QueryErrorAlert } from '@/components/query-error-alert';

type PageData = { total: number; rows: readonly unknown[] };

/** How many pages `total` rows fill, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

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
  /** The count to page by while no page has answered (a later page failed). */
  fallbackTotal?: number,
) {
  const [page, setPage] = useState(1);
  const query = useQueryOfPage(page);
  const listRef = useRef<HTMLDivElement>(null);
  const total = query.data?.total ?? fallbackTotal ?? 0;
  const pages = pageCount(total, pageSize);

  if (query.data && !query.isPlaceholderData && query.data.rows.length === 0 && page > pages) {
    setPage(pages);
  }

  const turnTo = (next: number) => {
    setPage(next);
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) listRef.current?.scrollIntoView({ block: 'start' });
  };

  return { page, total, query, listRef, turnTo };
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

type EmptyProps = {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  title: string;
  text: string;
  testId: string;
  /** The label of a way to the marketplace, for a list that fills by buying. */
  browseLabel?: string;
  /** Another way to fill the list (Raise New Ticket), instead of the marketplace. */
  action?: ReactNode;
};

/** A paged tab with no rows: what is missing and, where buying fills it, a way to the marketplace. */
export function PagedListEmpty({
  icon: Icon,
  title,
  text,
  testId,
  browseLabel,
  action,
}: EmptyProps) {
  return (
    <EmptyState
      icon={<Icon size={28} aria-hidden />}
      withIndicatorBackground
      title={title}
      description={text}
      py="lg"
      data-testid={testId}
    >
      {browseLabel === undefined && action === undefined ? undefined : (
        <EmptyState.Actions>
          {action ??
            (browseLabel !== undefined && (
              <Button component={Link} to="/marketplace" variant="light">
                {browseLabel}
              </Button>
            ))}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

type FooterProps = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** One page button either side of the current one, or none (a narrow screen). */
  isCompact: boolean;
  /** `{testId}-range` and `{testId}-pagination`. */
  testId: string;
  /** Where the texts `range`, `pagination`, `page`, `previousPage` and `nextPage` are. */
  namespace: LazyNamespace;
  keyPrefix?: string;
  className?: string;
};

/** "1–10 of 12" and the page buttons under a paged tab's rows; nothing for an empty list. */
export function PagedListFooter({
  page,
  pageSize,
  total,
  onChange,
  isCompact,
  testId,
  namespace,
  keyPrefix,
  className,
}: FooterProps) {
  const { t } = useTranslation(namespace);
  // Keys chosen by the caller's namespace and prefix, which the typed `t` cannot check.
  const translate = t as unknown as (key: string, values?: Record<string, number>) => string;
  const text = (key: string, values?: Record<string, number>) =>
    translate(keyPrefix ? `${keyPrefix}.${key}` : key, values);
  if (total === 0) return null;
  const pages = pageCount(total, pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" className={className}>
      <Text size="sm" c="dimmed" role="status" data-testid={`${testId}-range`}>
        {text('range', { from: first, to: last, total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={text('pagination')}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            siblings={isCompact ? 0 : 1}
            boundaries={1}
            size="sm"
            getItemProps={(item) => ({
              'aria-label': text('page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': text('previousPage') }
                : control === 'next'
                  ? { 'aria-label': text('nextPage') }
                  : {}
            }
            data-testid={`${testId}-pagination`}
          />
        </nav>
      )}
    </Group>
  );
}
