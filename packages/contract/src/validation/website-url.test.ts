import { describe, expect, it } from 'vitest';
import { zWebsiteUrl } from './website-url';
import { normalizeOrigin } from './origin';

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

  it('parses the field to its origin, and lets it be absent or empty', () => {
    expect(zWebsiteUrl.parse(' https://Portal.Example.com/home ')).toBe(
      'https://portal.example.com',
    );
    expect(zWebsiteUrl.parse(undefined)).toBeUndefined();
    expect(zWebsiteUrl.parse('')).toBeUndefined();
    expect(zWebsiteUrl.safeParse('data:text/html,x').error?.issues[0]?.message).toBe(
      'Enter a valid website address',
    );
  });
});
