import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';
import { useLocalizedText, type LocalizedLoaders } from '@/lib/use-localized-text';

/**
 * The built-in customer agreement (portal.md §2: POPI-style, when no document is configured),
 * naming the data-protection law of the company's country (ADR 014).
 */
type TAgreementSection = { heading: string; paragraphs: string[]; items?: string[] };
export type TAgreement = { title: string; intro: string[]; sections: TAgreementSection[] };
export type TAgreementContext = {
  companyName: string;
  brand: Pick<TCompanyConfiguration, 'countryIsoCode' | 'country'>;
};
export type TAgreementFactory = (context: TAgreementContext) => TAgreement;

const loaders: LocalizedLoaders<TAgreementFactory> = {
  en: () => import('./registration-agreement.en').then((module) => module.createAgreement),
  ko: () => import('./registration-agreement.ko').then((module) => module.createAgreement),
};

/** The text in the reader's language, one chunk per language, fetched when the modal opens. */
export function useRegistrationAgreement() {
  return useLocalizedText('registration-agreement', loaders);
}
