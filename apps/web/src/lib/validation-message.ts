import type { TFunction } from 'i18next';
import { messages } from '@cloud-portal/contract/validation/messages';

/**
 * The contract's field messages in the user's language; the English texts are the spec's own.
 * A message this table does not know is shown as it is.
 */
export function translateValidationMessage(message: string, t: TFunction): string {
  switch (message) {
    case messages.emailRequired:
      return t('validation.emailRequired');
    case messages.emailInvalid:
      return t('validation.emailInvalid');
    default:
      return message;
  }
}
