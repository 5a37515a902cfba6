import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type en from '@/i18n/en.json';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { getRouteTitleKey, type PageTitleKey } from '../route-handle';

type DescriptionKey = keyof (typeof en)['pageDescriptions'];

function descriptionKeyOf(titleKey: PageTitleKey | null, has: (key: string) => boolean) {
  return (titleKey && has(`pageDescriptions.${titleKey}`) ? titleKey : 'default') as DescriptionKey;
}

/** The page's `<meta name="description">`: the server writes one into index.html, kept here. */
function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * '<page> · <company>' in the tab, from the deepest route that names its page, and the page's
 * description for the company, in the visitor's language (the server sends the English ones
 * with the page: apps/api/src/http/page-meta.ts).
 */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const { companyName } = useCompanyConfiguration();
  const titleKey = getRouteTitleKey(useMatches());

  useEffect(() => {
    document.title = titleKey ? `${t(`pages.${titleKey}`)} · ${companyName}` : companyName;
    const descriptionKey = descriptionKeyOf(titleKey, (key) => i18n.exists(key));
    setMetaDescription(t(`pageDescriptions.${descriptionKey}`, { company: companyName }));
  }, [t, i18n, titleKey, companyName]);
}
