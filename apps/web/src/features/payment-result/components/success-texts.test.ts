import { describe, expect, it } from 'vitest';
import { PURCHASE_KINDS } from '@cloud-portal/contract/orders/order-status';
import en from '../../../i18n/payment-result/en.json';
import ko from '../../../i18n/payment-result/ko.json';

describe('the success page’s words per purchase kind', () => {
  it.each([
    ['en', en],
    ['ko', ko],
  ])('%s has its own sentence for every kind', (_language, texts) => {
    const next = (texts.successful as { next?: Record<string, string> }).next ?? {};
    const sentences = PURCHASE_KINDS.map((kind) => next[kind]);
    expect(sentences.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    expect(new Set(sentences).size).toBe(PURCHASE_KINDS.length);
  });
});
