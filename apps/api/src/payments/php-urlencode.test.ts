import { describe, expect, it } from 'vitest';
import { phpUrlencode } from './php-urlencode';

describe('phpUrlencode', () => {
  it('encodes what encodeURIComponent leaves alone', () => {
    expect(phpUrlencode("!'()*~")).toBe('%21%27%28%29%2A%7E');
  });

  it('writes a space as + and a plus as %2B', () => {
    expect(phpUrlencode('a b+c')).toBe('a+b%2Bc');
  });

  it('leaves letters, digits and . _ - as they are', () => {
    expect(phpUrlencode('AZaz09._-')).toBe('AZaz09._-');
  });

  it('encodes reserved characters and UTF-8 bytes in upper-case hex', () => {
    expect(phpUrlencode('http://a/b?c=d&e')).toBe('http%3A%2F%2Fa%2Fb%3Fc%3Dd%26e');
    expect(phpUrlencode('Вася')).toBe('%D0%92%D0%B0%D1%81%D1%8F');
    expect(phpUrlencode('é€')).toBe('%C3%A9%E2%82%AC');
  });

  it('encodes control characters and the empty string', () => {
    expect(phpUrlencode('\n\t%')).toBe('%0A%09%25');
    expect(phpUrlencode('')).toBe('');
  });
});
