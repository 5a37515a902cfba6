import { useLocation, useNavigate } from 'react-router';
import { ActionIcon } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The back arrow: the previous page, or the marketplace when this page was opened directly. */
export function BackButton() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const location = useLocation();
  // The router names the first entry of a visit 'default': there is no page of ours to go back to.
  const hasHistory = location.key !== 'default';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('actions.back')}
      onClick={() => void (hasHistory ? navigate(-1) : navigate('/marketplace'))}
      data-testid="back-button"
    >
      <IconArrowLeft size={20} aria-hidden />
    </ActionIcon>
  );
}
