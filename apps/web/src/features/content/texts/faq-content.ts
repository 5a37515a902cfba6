import type { TBrandFacts } from './legal-document';

/** A piece of an answer: plain text, or a link to a page of the portal. */
export type TFaqAnswerPart = string | { text: string; to: string };

export type TFaqItem = { id: string; question: string; answer: TFaqAnswerPart[] };

export type TFaqTopicId = 'general' | 'products' | 'profile' | 'contact';

export type TFaqTopic = { id: TFaqTopicId; title: string; items: TFaqItem[] };

/** The FAQ in one language: the tabs General, Products, Profile and Contact, in that order. */
export type TFaqContent = TFaqTopic[];

/** The FAQ of one company, in one language (its support hours are the company's). */
export type TFaqFactory = (context: { brand: TBrandFacts }) => TFaqContent;

/** An answer as plain text, for searching and for a screen reader's summary. */
export function getAnswerText(answer: TFaqAnswerPart[]): string {
  return answer.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}
