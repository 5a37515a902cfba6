import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  isCompact: boolean;
  testId: string;
};

/** "1–10 of 12" and the page buttons under the Renewals and Archived lists. */
export function LifecyclePager({ page, pageSize, total, onChange, isCompact, testId }: Props) {
  const { t } = useTranslation('lifecycle');
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" role="status" data-testid={`${testId}-range`}>
        {t('range', { from: first, to: last, total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('pagination')}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            siblings={isCompact ? 0 : 1}
            boundaries={1}
            size="sm"
            getItemProps={(item) => ({
              'aria-label': t('page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('nextPage') }
                  : {}
            }
            data-testid={`${testId}-pagination`}
          />
        </nav>
      )}
    </Group>
  );
}
