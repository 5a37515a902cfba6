import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { getCurrentLanguage } from '@/i18n/i18n';
import type { TFaqContent } from './faq-content';
import type { TLegalDocumentFactory } from './legal-document';

type Loaders<T> = Record<TLanguage, () => Promise<T>>;

/** The long texts, one chunk per language, fetched by the page that shows them. */
const faqLoaders: Loaders<TFaqContent> = {
  en: () => import('./faq.en').then((module) => module.faq),
  ko: () => import('./faq.ko').then((module) => module.faq),
};

const termsLoaders: Loaders<TLegalDocumentFactory> = {
  en: () => import('./terms.en').then((module) => module.createTerms),
  ko: () => import('./terms.ko').then((module) => module.createTerms),
};

const privacyLoaders: Loaders<TLegalDocumentFactory> = {
  en: () => import('./privacy.en').then((module) => module.createPrivacyPolicy),
  ko: () => import('./privacy.ko').then((module) => module.createPrivacyPolicy),
};

function useLocalizedText<T>(name: string, loaders: Loaders<T>) {
  const { i18n } = useTranslation();
  const language = getCurrentLanguage(i18n.language);
  return useQuery({
    queryKey: ['content', 'text', name, language],
    queryFn: () => loaders[language](),
    staleTime: Infinity,
    // While another language's text loads, the current one stays on screen.
    placeholderData: keepPreviousData,
  });
}

export function useFaqContent() {
  return useLocalizedText('faq', faqLoaders);
}

export function useLegalDocumentFactory(kind: 'terms' | 'privacy') {
  return useLocalizedText(kind, kind === 'terms' ? termsLoaders : privacyLoaders);
}
