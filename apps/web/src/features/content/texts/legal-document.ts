import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';

/** A built-in legal text (terms, privacy policy), structured so the page can render and link it. */
type TLegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  /** Paragraphs after the list. */
  closing?: string[];
};

export type TLegalDocument = {
  title: string;
  /** ISO date of the text's last change. */
  updatedOn: string;
  intro: string[];
  sections: TLegalSection[];
};

/**
 * The company facts a text states rather than assumes (ADR 014): its country, whose law and
 * data-protection law follow from it, and its support hours. Each language's text words them.
 */
export type TBrandFacts = Pick<
  TCompanyConfiguration,
  'countryIsoCode' | 'country' | 'timeZone' | 'supportHours'
>;

/** What a text names of the company; a missing value is left out of the sentence. */
export type TLegalContext = {
  companyName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string;
  brand: TBrandFacts;
};

export type TLegalDocumentFactory = (context: TLegalContext) => TLegalDocument;

/** The date the built-in texts were last revised. */
export const LEGAL_TEXTS_UPDATED_ON = '2026-11-21';
