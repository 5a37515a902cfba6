import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  sectionTitle: string;
  shown: number;
  total: number;
  hasMore: boolean;
  isLoading: boolean;
  /** The reason the last "Show more" failed, or null. */
  error: string | null;
  onShowMore: () => void;
};

/** "Showing X of Y" under a section, and the button that loads its next page. */
export function ShowMore({
  sectionTitle,
  shown,
  total,
  hasMore,
  isLoading,
  error,
  onShowMore,
}: Props) {
  const { t } = useTranslation('marketplace');
  return (
    <Stack gap="xs" align="center" mt="lg">
      <Group justify="center" gap="md">
        <Text size="sm" c="dimmed" role="status" data-testid="showing-count">
          {t('sections.showing', { shown, total })}
        </Text>
        {hasMore && (
          <Button
            variant="light"
            onClick={onShowMore}
            loading={isLoading}
            aria-label={t('sections.showMoreLabel', { section: sectionTitle })}
          >
            {t('sections.showMore')}
          </Button>
        )}
      </Group>
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {t('sections.loadMoreFailed', { message: error })}
        </Text>
      )}
    </Stack>
  );
}
