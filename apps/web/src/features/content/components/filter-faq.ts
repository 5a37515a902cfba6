import {
  getAnswerText,
  type TFaqContent,
  type TFaqItem,
  type TFaqTopic,
} from '../texts/faq-content';

type TFaqMatch = { topic: Pick<TFaqTopic, 'id' | 'title'>; item: TFaqItem };

/** The words of a search, lower-cased; empty when there is nothing to search for. */
export function getSearchTerms(query: string): string[] {
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');
}

/**
 * The questions of every topic whose question or answer contains all the words of the search,
 * ignoring case, in the FAQ's own order.
 */
export function filterFaq(content: TFaqContent, query: string): TFaqMatch[] {
  const terms = getSearchTerms(query);
  if (terms.length === 0) return [];
  return content.flatMap((topic) =>
    topic.items
      .filter((item) => {
        const text = `${item.question} ${getAnswerText(item.answer)}`.toLocaleLowerCase();
        return terms.every((term) => text.includes(term));
      })
      .map((item) => ({ topic: { id: topic.id, title: topic.title }, item })),
  );
}
