import { presentValue } from './present-value';

/**
 * An address configured by the company, fit for an `href`: http(s) only, so a stray
 * `javascript:` value can never become a link. A bare host gets `https://`. Null when blank or 'NA'.
 */
export function toExternalUrl(value: string | null | undefined): string | null {
  const trimmed = presentValue(value);
  if (trimmed === null) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
