import { LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * Covers the page while a call that blocks it is under way: a `blocking` query that has never
 * answered (the company configuration at start-up) or a `blocking` mutation. Background
 * refetches never cover the page.
 */
export function GlobalLoadingOverlay() {
  const { t } = useTranslation();
  const blockingQueries = useIsFetching({
    predicate: (query) => query.meta?.blocking === true && query.state.status === 'pending',
  });
  const blockingMutations = useIsMutating({
    predicate: (mutation) => mutation.meta?.blocking === true,
  });
  const isVisible = blockingQueries + blockingMutations > 0;
  return (
    <>
      <LoadingOverlay
        visible={isVisible}
        pos="fixed"
        zIndex={1000}
        overlayProps={{ backgroundOpacity: 0.55, blur: 1 }}
        loaderProps={{ 'aria-label': t('common.loading') }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {isVisible ? t('common.loading') : ''}
      </VisuallyHidden>
    </>
  );
}
