/**
 * The `/renewMultipleVM/{value}` route value (vm-lifecycle.md §2.4, §2.7): the selected machines'
 * IDs, comma separated and URL-encoded ("12%2C15%2C19"). The spec's browser encrypted the names;
 * IDs carry nothing secret, and the server checks ownership of each one anyway (ADR 017).
 */

export const MAX_RENEW_SELECTION = 20;

/** The route value for `ids` (duplicates dropped, order kept); throws outside 1–20 positive ids. */
export function encodeRenewSelection(ids: readonly number[]): string {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > MAX_RENEW_SELECTION) {
    throw new RangeError(`between 1 and ${MAX_RENEW_SELECTION} VMs can be renewed together`);
  }
  if (!unique.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new RangeError('VM IDs are positive integers');
  }
  return encodeURIComponent(unique.join(','));
}

/**
 * The IDs of a route value (encoded or already decoded by the router), or null when it is not
 * 1–20 distinct positive integer IDs.
 */
export function decodeRenewSelection(value: string): number[] | null {
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (!/^\d{1,15}(,\d{1,15}){0,19}$/.test(text)) return null;
  const ids = text.split(',').map(Number);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  if (new Set(ids).size !== ids.length) return null;
  return ids;
}
