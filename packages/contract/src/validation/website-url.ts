import { z } from 'zod';
import { messages } from './messages';

/**
 * The site origin a public call names (`websiteUrl`, `customerUrl`), parsed to its normalised
 * origin. Optional: absent or empty, the server falls back to the request's Origin or Host header.
 */
export const zWebsiteUrl = z
  .string()
  .max(2048)
  .transform((value, context) => {
    if (value.trim() === '') return undefined;
    const origin = normalizeOrigin(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: messages.websiteUrlInvalid });
      return z.NEVER;
    }
    return origin;
  })
  .optional();

/** `https://Example.com:443/x/` → `https://example.com`; null when it is not an http(s) URL. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}
