/** Making a formatter costs far more than using one: one per language, made once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date from the API in the reader's language ('Mar 4, 2025' / '2025. 3. 4.'); '' if invalid. */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    formatters.set(language, formatter);
  }
  return formatter.format(date);
}
