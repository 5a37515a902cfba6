import { messages } from './messages';

/**
 * Control characters nobody types into a form: C0 but tab, line feed and carriage return, DEL, and
 * C1. PostgreSQL refuses NUL in text, and the others can rewrite a terminal or a mail header.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** The browser's check for the same rule. */
export function validateRequiredText(
  value: string,
  requiredMessage: string,
  maxLength = 5_000,
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return requiredMessage;
  if (trimmed.length > maxLength) return `Use at most ${maxLength} characters`;
  return hasControlCharacters(trimmed) ? messages.textControlCharacters : null;
}
