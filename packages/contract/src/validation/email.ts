import { messages } from './messages';

/**
 * An ordinary address (portal.md §5): a local part of ASCII letters, digits and . _ % + ' -
 * (no leading, trailing or doubled dot), one `@`, and a domain of two or more dotted labels
 * (letters, digits, inner hyphens) ending in a top-level part of letters or punycode. Quotes,
 * angle brackets, spaces, control characters and non-ASCII text never pass. Deliberately the
 * same test in the browser and on the server.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

export function isEmail(value: string): boolean {
  return (
    value.length <= MAX_EMAIL_LENGTH &&
    value.indexOf('@') <= MAX_EMAIL_LOCAL_PART_LENGTH &&
    EMAIL_PATTERN.test(value)
  );
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
