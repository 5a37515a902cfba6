/** A date from the API in the reader's language ('Mar 4, 2025' / '2025. 3. 4.'); '' if invalid. */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
