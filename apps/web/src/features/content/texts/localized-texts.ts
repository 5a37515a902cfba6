import { useCallback } from 'react';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { useLocalizedText, type LocalizedLoaders } from '@/lib/use-localized-text';
import type { TFaqFactory } from './faq-content';
import type { TLegalDocumentFactory } from './legal-document';

/** The long texts, one chunk per language, fetched by the page that shows them. */
const faqLoaders: LocalizedLoaders<TFaqFactory> = {
  en: () => import('./faq.en').then((module) => module.createFaq),
  ko: () => import('./faq.ko').then((module) => module.createFaq),
};

const termsLoaders: LocalizedLoaders<TLegalDocumentFactory> = {
  en: () => import('./terms.en').then((module) => module.createTerms),
  ko: () => import('./terms.ko').then((module) => module.createTerms),
};

const privacyLoaders: LocalizedLoaders<TLegalDocumentFactory> = {
  en: () => import('./privacy.en').then((module) => module.createPrivacyPolicy),
  ko: () => import('./privacy.ko').then((module) => module.createPrivacyPolicy),
};

/** The FAQ in the reader's language, stating this company's facts. */
export function useFaqContent() {
  const brand = useCompanyConfiguration();
  const createForBrand = useCallback((createFaq: TFaqFactory) => createFaq({ brand }), [brand]);
  return useLocalizedText('faq', faqLoaders, createForBrand);
}

export function useLegalDocumentFactory(kind: 'terms' | 'privacy') {
  return useLocalizedText(kind, kind === 'terms' ? termsLoaders : privacyLoaders);
}
