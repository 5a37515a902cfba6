import { describe, expect, it } from 'vitest';
import { hasNewsImage, needsReadMore, READ_MORE_MIN_CHARACTERS } from './news-rules';

describe('needsReadMore (portal.md §9)', () => {
  it('counts characters without whitespace, from 142 up', () => {
    const justUnder = 'a'.repeat(READ_MORE_MIN_CHARACTERS - 1);
    expect(needsReadMore({ newsContent: justUnder, newsLinks: [] })).toBe(false);
    expect(needsReadMore({ newsContent: `${justUnder}b`, newsLinks: [] })).toBe(true);
    expect(
      needsReadMore({ newsContent: `${justUnder.split('').join(' ')}\n\t `, newsLinks: [] }),
    ).toBe(false);
  });

  it('shows for any news with links', () => {
    expect(needsReadMore({ newsContent: 'short', newsLinks: ['https://example.com'] })).toBe(true);
  });
});

describe('hasNewsImage', () => {
  it("treats 'NA', empty and null as no image", () => {
    expect(hasNewsImage('NA')).toBe(false);
    expect(hasNewsImage('na')).toBe(false);
    expect(hasNewsImage('')).toBe(false);
    expect(hasNewsImage(null)).toBe(false);
    expect(hasNewsImage('/uploads/demo/news.svg')).toBe(true);
  });
});
