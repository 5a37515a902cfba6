import { useLocation, useNavigate } from 'react-router';
import { ActionIcon } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where a screen opened directly (no page of ours before it) goes back to: the machines. */
export const MACHINES_PATH = '/CustomerProfile/2';

/** Back to the previous page, or to the profile's machines when there is none. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // The router names the first entry of a visit 'default': there is no page of ours to go back to.
  const hasHistory = location.key !== 'default';
  return () => void (hasHistory ? navigate(-1) : navigate(MACHINES_PATH, { replace: true }));
}

/** The back arrow of the order screens (vm-lifecycle.md §2.3). */
export function BackToPrevious() {
  const { t } = useTranslation('vmOrders');
  const goBack = useGoBack();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('actions.back')}
      onClick={goBack}
      data-testid="back-button"
    >
      <IconArrowLeft size={20} aria-hidden />
    </ActionIcon>
  );
}
