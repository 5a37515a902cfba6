import { z } from 'zod';
import { messages } from './messages';

/**
 * An ordinary address: one `@`, no spaces, a dot in the domain, a top-level part of two or more
 * letters. Deliberately the same test in the browser and on the server.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export const MAX_EMAIL_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** A required email field; trimmed before the checks, as the spec asks. */
export function zEmail(invalidMessage: string = messages.emailInvalid) {
  return z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, { error: messages.emailRequired, abort: true })
    .refine(isEmail, invalidMessage);
}

/** The browser's form check: the first failing message, or null. */
export function validateEmail(
  value: string,
  invalidMessage: string = messages.emailInvalid,
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return messages.emailRequired;
  return isEmail(trimmed) ? null : invalidMessage;
}
