import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Tells screen-reader users that a link opens a new tab. */
export function ExternalLinkHint() {
  const { t } = useTranslation();
  return <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden>;
}
