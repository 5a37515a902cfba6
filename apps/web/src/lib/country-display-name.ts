/** One formatter per language: building one costs far more than asking it for a name. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

function regionNamesIn(language: string): Intl.DisplayNames | null {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      // An engine without region names keeps the configured ones.
      names = null;
    }
    regionNames.set(language, names);
  }
  return names;
}

/**
 * Resolves once the language's formatter is built, in a task of its own. Chromium loads its region
 * names when the first formatter is built, tens of milliseconds on a phone; left to the first
 * `countryDisplayName`, that lands in the long task that renders (or hydrates) a form with
 * country lists. Routes with such forms wait for this beside their code (app/router.tsx).
 */
export function prepareCountryNames(language: string): Promise<void> {
  if (regionNames.has(language)) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(() => {
      regionNamesIn(language);
      resolve();
    }, 0);
  });
}

/**
 * A country's name in the page's language, from its ISO 3166 code (the browser's own CLDR names);
 * `fallback` (the configured English name) where the engine has none.
 */
export function countryDisplayName(
  isoCode: string | null,
  fallback: string,
  language: string,
): string {
  const names = isoCode ? regionNamesIn(language) : null;
  if (isoCode && names) {
    try {
      const name = names.of(isoCode);
      if (name && name !== isoCode) return name;
    } catch {
      // Not a code the engine knows: the configured name.
    }
  }
  return fallback;
}
