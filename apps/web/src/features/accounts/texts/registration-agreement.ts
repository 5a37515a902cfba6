import { useLocalizedText, type LocalizedLoaders } from '@/lib/use-localized-text';

/** The built-in customer agreement (portal.md §2: POPI-style, when no document is configured). */
export type TAgreementSection = { heading: string; paragraphs: string[]; items?: string[] };
export type TAgreement = { title: string; intro: string[]; sections: TAgreementSection[] };
export type TAgreementFactory = (context: { companyName: string }) => TAgreement;

const loaders: LocalizedLoaders<TAgreementFactory> = {
  en: () => import('./registration-agreement.en').then((module) => module.createAgreement),
  ko: () => import('./registration-agreement.ko').then((module) => module.createAgreement),
};

/** The text in the reader's language, one chunk per language, fetched when the modal opens. */
export function useRegistrationAgreement() {
  return useLocalizedText('registration-agreement', loaders);
}
