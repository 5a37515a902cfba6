import { describe, expect, it } from 'vitest';
import { countryDisplayName } from './country-display-name';

describe('countryDisplayName', () => {
  it('names the country in the page language', () => {
    expect(countryDisplayName('KE', 'Kenya', 'ko')).toBe('케냐');
    expect(countryDisplayName('ZA', 'South Africa', 'ko')).toMatch(/^남아프리카/);
    expect(countryDisplayName('KE', 'Kenya', 'en')).toBe('Kenya');
  });

  it('keeps the configured name without a usable code', () => {
    expect(countryDisplayName(null, 'Kenya', 'ko')).toBe('Kenya');
    expect(countryDisplayName('not a code', 'Kenya', 'ko')).toBe('Kenya');
  });
});
