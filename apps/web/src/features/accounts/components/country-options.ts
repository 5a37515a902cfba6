import type { TCountry } from '@cloud-portal/contract/company/get-country-code';

/** '+27 South Africa', keyed by the country (two countries may share a dialling code). */
export function toCountryCodeOptions(countries: readonly TCountry[]) {
  return countries.map((country) => ({
    value: country.isoCode,
    label: `${country.countryCode} ${country.countryName}`,
  }));
}

export function toCountryNameOptions(countries: readonly TCountry[]) {
  return countries.map((country) => ({ value: country.countryName, label: country.countryName }));
}

export function findCountryByIso(countries: readonly TCountry[] | undefined, isoCode: string) {
  return countries?.find((country) => country.isoCode === isoCode) ?? null;
}

/** The profile stores the dialling code only: the first country that uses it. */
export function findCountryByCode(countries: readonly TCountry[] | undefined, countryCode: string) {
  return countries?.find((country) => country.countryCode === countryCode) ?? null;
}
