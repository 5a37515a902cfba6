import { describe, expect, it } from 'vitest';
import type { TFaqContent } from '../texts/faq-content';
import { createFaq as createEnglishFaq } from '../texts/faq.en';
import { createFaq as createKoreanFaq } from '../texts/faq.ko';
import { filterFaq, getSearchTerms } from './filter-faq';

const brand = {
  countryIsoCode: 'ZA',
  country: 'South Africa',
  timeZone: 'Africa/Johannesburg',
  supportHours: { days: [1, 2, 3, 4, 5], opensAt: '08:30', closesAt: '17:00' },
};
const englishFaq = createEnglishFaq({ brand });
const koreanFaq = createKoreanFaq({ brand });

const content: TFaqContent = [
  {
    id: 'general',
    title: 'General',
    items: [
      { id: 'login', question: 'How do I log in?', answer: ['With your Email only.'] },
      {
        id: 'password',
        question: 'Forgot password?',
        answer: ['Use the ', { text: 'Forgot Password', to: '/forgetpassword' }, ' page.'],
      },
    ],
  },
  {
    id: 'products',
    title: 'Products',
    items: [{ id: 'refund', question: 'Refunds?', answer: ['VM purchases are not refundable.'] }],
  },
];

describe('filterFaq', () => {
  it('finds questions across every topic, ignoring case', () => {
    expect(filterFaq(content, 'EMAIL').map((match) => match.item.id)).toEqual(['login']);
    expect(filterFaq(content, 'refund').map((match) => match.topic.id)).toEqual(['products']);
  });

  it('searches the text of links inside answers', () => {
    expect(filterFaq(content, 'forgot password page').map((match) => match.item.id)).toEqual([
      'password',
    ]);
  });

  it('needs every word of the search, in any order', () => {
    expect(filterFaq(content, 'purchases vm').map((match) => match.item.id)).toEqual(['refund']);
    expect(filterFaq(content, 'vm email')).toEqual([]);
  });

  it('gives nothing for a blank search', () => {
    expect(filterFaq(content, '   ')).toEqual([]);
    expect(getSearchTerms('  Two   words ')).toEqual(['two', 'words']);
  });

  it('carries the facts of the spec in both languages', () => {
    expect(filterFaq(englishFaq, 'not refundable')).toHaveLength(1);
    expect(filterFaq(englishFaq, '5 to 7 business days')).toHaveLength(1);
    expect(filterFaq(koreanFaq, '환불')).not.toHaveLength(0);
    expect(englishFaq.map((topic) => topic.id)).toEqual(koreanFaq.map((topic) => topic.id));
    expect(englishFaq.flatMap((topic) => topic.items.map((item) => item.id))).toEqual(
      koreanFaq.flatMap((topic) => topic.items.map((item) => item.id)),
    );
  });
});
