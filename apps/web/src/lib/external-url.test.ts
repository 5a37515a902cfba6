import { describe, expect, it } from 'vitest';
import { toExternalUrl } from './external-url';

describe('toExternalUrl', () => {
  it('keeps http(s) addresses and completes a bare host', () => {
    expect(toExternalUrl('https://x.com/nimbus')).toBe('https://x.com/nimbus');
    expect(toExternalUrl('www.example.com')).toBe('https://www.example.com/');
  });

  it('refuses blanks, NA and other schemes', () => {
    expect(toExternalUrl(null)).toBeNull();
    expect(toExternalUrl('  ')).toBeNull();
    expect(toExternalUrl('NA')).toBeNull();
    expect(toExternalUrl('javascript:alert(1)')).toBeNull();
    expect(toExternalUrl('mailto:a@b.example')).toBeNull();
  });
});
