import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { countryDisplayName } from '../../../lib/country-display-name';

const localName = (country: TCountry, language: string) =>
  countryDisplayName(country.isoCode, country.countryName, language);

/** '+27 South Africa' ('+27 남아프리카 공화국'), keyed by the country (two may share a dialling code). */
export function toCountryCodeOptions(countries: readonly TCountry[], language: string) {
  return countries.map((country) => ({
    value: country.isoCode,
    label: `${country.countryCode} ${localName(country, language)}`,
  }));
}

/** The billing country: the value stays the configured (English) name the account stores. */
export function toCountryNameOptions(countries: readonly TCountry[], language: string) {
  return countries.map((country) => ({
    value: country.countryName,
    label: localName(country, language),
  }));
}

export function findCountryByIso(countries: readonly TCountry[] | undefined, isoCode: string) {
  return countries?.find((country) => country.isoCode === isoCode) ?? null;
}

/** The profile stores the dialling code only: the first country that uses it. */
export function findCountryByCode(countries: readonly TCountry[] | undefined, countryCode: string) {
  return countries?.find((country) => country.countryCode === countryCode) ?? null;
}

/**
 * The billing country to fill in when the visitor picks the phone's country `picked`: its name,
 * while the billing country is empty or still the one filled in for the previous pick; null once
 * the visitor has chosen another.
 */
export function followBillingCountry(
  region: string,
  previous: TCountry | null,
  picked: TCountry | null,
): string | null {
  if (picked === null) return null;
  const isFilledIn = region === '' || (previous !== null && region === previous.countryName);
  return isFilledIn ? picked.countryName : null;
}
