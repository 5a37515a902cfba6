import { describe, expect, it } from 'vitest';
import { normalizeOrigin, zWebsiteUrl } from './website-url';

describe('normalizeOrigin', () => {
  it.each([
    ['https://Portal.Example.com/home?x=1', 'https://portal.example.com'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['https://example.com:443', 'https://example.com'],
    ['http://127.0.0.2:3000', 'http://127.0.0.2:3000'],
  ])('%s → %s', (input, origin) => {
    expect(normalizeOrigin(input)).toBe(origin);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com', 'not a url', ''])('refuses %j', (input) => {
    expect(normalizeOrigin(input)).toBeNull();
  });

  it('lets the field be absent or empty', () => {
    expect(zWebsiteUrl.safeParse(undefined).success).toBe(true);
    expect(zWebsiteUrl.safeParse('').success).toBe(true);
    expect(zWebsiteUrl.safeParse('data:text/html,x').success).toBe(false);
  });
});
