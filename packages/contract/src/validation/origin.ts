const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, string | null>();

/** `https://Example.com:443/x/` → `https://example.com`; null when it is not an http(s) URL. */
export function normalizeOrigin(value: string): string | null {
  const known = remembered.get(value);
  if (known !== undefined) return known;
  const origin = parseOrigin(value);
  // Every request names one of a handful of sites: parse each once.
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(value, origin);
  return origin;
}

function parseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}
