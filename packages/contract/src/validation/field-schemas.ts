import { z } from 'zod';
import { isEmail } from './email';
import { messages } from './messages';
import { hasControlCharacters } from './text';

/**
 * The zod fields the calls' schemas share, built on the plain checks of email.ts and text.ts
 * (which the browser uses as they are, without zod: ADR 007).
 */

/** A required email field; trimmed before the checks, as the spec asks. */
export function zEmail(invalidMessage: string = messages.emailInvalid) {
  return z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, { error: messages.emailRequired, abort: true })
    .refine(isEmail, invalidMessage);
}

const isPlainText = (value: string) => !hasControlCharacters(value);

/** A required free-text field, trimmed, with the spec's message when blank and a sane length cap. */
export function zRequiredText(requiredMessage: string, maxLength = 5_000) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(maxLength, `Use at most ${maxLength} characters`)
    .refine(isPlainText, messages.textControlCharacters);
}

/** An optional free-text field: absent is ''. */
export function zOptionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, `Use at most ${maxLength} characters`)
    .refine(isPlainText, messages.textControlCharacters)
    .optional()
    .default('');
}
