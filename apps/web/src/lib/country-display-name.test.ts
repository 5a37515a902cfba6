import { afterEach, describe, expect, it, vi } from 'vitest';
import { countryDisplayName, prepareCountryNames } from './country-display-name';

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

describe('prepareCountryNames', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('builds the language’s formatter in a task of its own, once', async () => {
    vi.useFakeTimers();
    const built = vi.spyOn(Intl, 'DisplayNames');
    const prepared = prepareCountryNames('fr');
    expect(built).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await prepared;
    expect(built).toHaveBeenCalledTimes(1);

    await prepareCountryNames('fr');
    expect(countryDisplayName('FR', 'France', 'fr')).toBe('France');
    expect(built).toHaveBeenCalledTimes(1);
  });
});
