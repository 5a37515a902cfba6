import { z } from 'zod';
import { messages } from './messages';
import { normalizeOrigin } from './origin';

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
