import { describe, expect, it } from 'vitest';
import { contentTextLimits } from '@cloud-portal/contract/content/text-limits';
import { countCharacters } from './character-count';

describe('countCharacters', () => {
  it('counts towards the limit and marks it when it is reached', () => {
    expect(countCharacters('', 5000)).toEqual({
      count: 0,
      max: 5000,
      isNearLimit: false,
      isAtLimit: false,
    });
    expect(countCharacters('x'.repeat(123), 5000)).toMatchObject({ count: 123, isAtLimit: false });
    expect(countCharacters('x'.repeat(4999), 5000)).toMatchObject({
      isNearLimit: true,
      isAtLimit: false,
    });
    expect(countCharacters('x'.repeat(5000), 5000)).toMatchObject({ count: 5000, isAtLimit: true });
  });

  it('shows a single-line count only in the last tenth', () => {
    expect(countCharacters('x'.repeat(179), 200).isNearLimit).toBe(false);
    expect(countCharacters('x'.repeat(180), 200).isNearLimit).toBe(true);
  });

  it("counts as the browser's maxLength and the server's check do (UTF-16 code units)", () => {
    const limit = contentTextLimits.writeToUs.content;
    const emoji = '😀'.repeat(limit / 2);
    expect(emoji.length).toBe(limit);
    expect(countCharacters(emoji, limit).isAtLimit).toBe(true);
  });
});
