import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { getCurrentLanguage } from '@/i18n/i18n';

/** The built-in customer agreement (portal.md §2: POPI-style, when no document is configured). */
export type TAgreementSection = { heading: string; paragraphs: string[]; items?: string[] };
export type TAgreement = { title: string; intro: string[]; sections: TAgreementSection[] };
export type TAgreementFactory = (context: { companyName: string }) => TAgreement;

const loaders: Record<TLanguage, () => Promise<TAgreementFactory>> = {
  en: () => import('./registration-agreement.en').then((module) => module.createAgreement),
  ko: () => import('./registration-agreement.ko').then((module) => module.createAgreement),
};

/** The text in the reader's language, one chunk per language, fetched when the modal opens. */
export function useRegistrationAgreement() {
  const { i18n } = useTranslation();
  const language = getCurrentLanguage(i18n.language);
  return useQuery({
    queryKey: ['content', 'text', 'registration-agreement', language],
    queryFn: () => loaders[language](),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
