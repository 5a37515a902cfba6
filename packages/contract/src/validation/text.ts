import { z } from 'zod';

/** A required free-text field, trimmed, with the spec's message when blank and a sane length cap. */
export function zRequiredText(requiredMessage: string, maxLength = 5_000) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(maxLength, `Use at most ${maxLength} characters`);
}

/** The browser's check for the same rule. */
export function validateRequiredText(
  value: string,
  requiredMessage: string,
  maxLength = 5_000,
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return requiredMessage;
  return trimmed.length > maxLength ? `Use at most ${maxLength} characters` : null;
}
