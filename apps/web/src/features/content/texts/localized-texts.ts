import { useLocalizedText, type LocalizedLoaders } from '@/lib/use-localized-text';
import type { TFaqContent } from './faq-content';
import type { TLegalDocumentFactory } from './legal-document';

/** The long texts, one chunk per language, fetched by the page that shows them. */
const faqLoaders: LocalizedLoaders<TFaqContent> = {
  en: () => import('./faq.en').then((module) => module.faq),
  ko: () => import('./faq.ko').then((module) => module.faq),
};

const termsLoaders: LocalizedLoaders<TLegalDocumentFactory> = {
  en: () => import('./terms.en').then((module) => module.createTerms),
  ko: () => import('./terms.ko').then((module) => module.createTerms),
};

const privacyLoaders: LocalizedLoaders<TLegalDocumentFactory> = {
  en: () => import('./privacy.en').then((module) => module.createPrivacyPolicy),
  ko: () => import('./privacy.ko').then((module) => module.createPrivacyPolicy),
};

export function useFaqContent() {
  return useLocalizedText('faq', faqLoaders);
}

export function useLegalDocumentFactory(kind: 'terms' | 'privacy') {
  return useLocalizedText(kind, kind === 'terms' ? termsLoaders : privacyLoaders);
}
