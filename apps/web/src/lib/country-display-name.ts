/**
 * A country's name in the page's language, from its ISO 3166 code (the browser's own CLDR names);
 * `fallback` (the configured English name) where the engine has none.
 */
export function countryDisplayName(
  isoCode: string | null,
  fallback: string,
  language: string,
): string {
  if (isoCode) {
    try {
      const name = new Intl.DisplayNames([language], { type: 'region' }).of(isoCode);
      if (name && name !== isoCode) return name;
    } catch {
      // An engine without region names keeps the configured one.
    }
  }
  return fallback;
}
