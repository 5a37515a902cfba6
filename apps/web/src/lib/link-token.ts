/**
 * The token of an emailed link (newsletter unsubscribe, password recovery). The spec puts it "in
 * the query string after the equals sign": `?token=XYZ` is read by name; older links such as
 * `?XYZ` or `?anything=XYZ` give the value after the first '=' (or the whole query when there is
 * none), up to the next '&'. Null when there is nothing to read.
 */
export function readLinkToken(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query.trim() === '') return null;
  const named = new URLSearchParams(query).get('token');
  if (named !== null) return named.trim() === '' ? null : named.trim();
  const equals = query.indexOf('=');
  const raw = (equals === -1 ? query : query.slice(equals + 1)).split('&')[0] ?? '';
  const value = safeDecode(raw.replace(/\+/g, ' ')).trim();
  return value === '' ? null : value;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
