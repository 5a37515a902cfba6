import type { TFieldError } from '@cloud-portal/contract/envelope';
import { AppError } from '../errors';

type Issue = { path: PropertyKey[] | string; message?: string };

/** One message a field, the first rule it breaks, as a form shows it. */
export function toFieldErrors(issues: readonly Issue[]): TFieldError[] {
  const errors: TFieldError[] = [];
  for (const issue of issues) {
    const field =
      (typeof issue.path === 'string'
        ? issue.path.replace(/^\//, '').replaceAll('/', '.')
        : issue.path.map(String).join('.')) || 'body';
    if (!errors.some((known) => known.field === field))
      errors.push({ field, message: issue.message ?? 'Invalid value' });
  }
  return errors;
}

/** The 400 answer for failing fields: the first message, and every field in `data.errors`. */
export function validationError(errors: TFieldError[]): AppError {
  return new AppError(400, errors[0]?.message ?? 'Invalid request', { errors });
}
