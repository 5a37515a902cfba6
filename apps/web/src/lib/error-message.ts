import type { TFunction } from 'i18next';
import type { TFieldError } from '@cloud-portal/contract/envelope';
import { isApiError } from './api-client';

/** The text to show for a failed call: the server's own message, else a translated one. */
export function getErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return t('errors.network');
    if (error.message.trim() !== '') return error.message;
  }
  return t('errors.generic');
}

/** The field errors of a 400 answer (`data.errors`), or an empty list. */
export function getFieldErrors(error: unknown): TFieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is TFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as TFieldError).field === 'string' &&
      typeof (item as TFieldError).message === 'string',
  );
}
