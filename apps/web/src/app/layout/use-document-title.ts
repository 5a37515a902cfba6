import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { getRouteTitleKey } from '../route-handle';

/** '<page> · <company>' in the tab, from the deepest route that names its page. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { companyName } = useCompanyConfiguration();
  const titleKey = getRouteTitleKey(useMatches());

  useEffect(() => {
    document.title = titleKey ? `${t(`pages.${titleKey}`)} · ${companyName}` : companyName;
  }, [t, titleKey, companyName]);
}
