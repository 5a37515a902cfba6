/** A configured text, trimmed; null when it is blank or 'NA', the API's "no value" (portal.md §3). */
export function presentValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toUpperCase() === 'NA' ? null : trimmed;
}

type Address = {
  officeAddress: string | null;
  city: string | null;
  country: string | null;
};

/** The company's office address, city and country, those it has given, in that order. */
export function addressLines({ officeAddress, city, country }: Address): string[] {
  return [officeAddress, city, country]
    .map(presentValue)
    .filter((line): line is string => line !== null);
}
