import { describe, expect, it } from 'vitest';
import { readLinkToken } from './link-token';

describe('readLinkToken', () => {
  it('reads ?token= by name, wherever it stands', () => {
    expect(readLinkToken('?token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(readLinkToken('?utm_source=mail&token=abc')).toBe('abc');
    expect(readLinkToken('token=abc')).toBe('abc');
  });

  it('takes the value after the first equals sign in older links', () => {
    expect(readLinkToken('?id=abc123')).toBe('abc123');
    expect(readLinkToken('?q=abc=def')).toBe('abc=def');
    expect(readLinkToken('?value=abc&utm=x')).toBe('abc');
  });

  it('takes the whole query when it has no equals sign', () => {
    expect(readLinkToken('?abcdef123')).toBe('abcdef123');
  });

  it('decodes escapes and trims', () => {
    expect(readLinkToken('?token=%20abc%2D1%20')).toBe('abc-1');
    expect(readLinkToken('?x=%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('gives null when there is no token', () => {
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('?')).toBeNull();
    expect(readLinkToken('?token=')).toBeNull();
    expect(readLinkToken('?token=%20')).toBeNull();
    expect(readLinkToken('?x=')).toBeNull();
  });
});
