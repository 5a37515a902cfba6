import { presentValue } from './present-value';

/**
 * An image or video path from the API as a URL the browser can load: absolute http(s) and data
 * URLs as they are, server paths (`uploads/x.png`) from the site root. Null for blank or 'NA'.
 */
export function toAssetUrl(path: string | null | undefined): string | null {
  const trimmed = presentValue(path);
  if (trimmed === null) return null;
  if (/^(https?:|data:|blob:)/i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
