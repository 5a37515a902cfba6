/** A built-in legal text (terms, privacy policy), structured so the page can render and link it. */
export type TLegalSection = {
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

/** What a text names of the company; a missing value is left out of the sentence. */
export type TLegalContext = {
  companyName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string;
};

export type TLegalDocumentFactory = (context: TLegalContext) => TLegalDocument;

/** The date the built-in texts were last revised. */
export const LEGAL_TEXTS_UPDATED_ON = '2026-11-21';
