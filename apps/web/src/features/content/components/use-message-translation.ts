import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import type contentEn from '@/i18n/content/en.json';
import { getErrorMessage } from '@/lib/error-message';

type MessageName = keyof (typeof contentEn)['messages'];

const NAME_BY_TEXT = new Map<string, string>(
  Object.entries(messages).map(([name, text]) => [text, name]),
);

/**
 * The contract's messages (field rules and the server's answers) in the user's language; the
 * English texts are the spec's own. A message the translations do not know is shown as it is.
 */
export function useMessageTranslation() {
  const { t, i18n } = useTranslation('content');
  const { t: tCommon } = useTranslation();

  const translateMessage = useCallback(
    (message: string): string => {
      const name = NAME_BY_TEXT.get(message);
      if (name !== undefined && i18n.exists(`content:messages.${name}`)) {
        return t(`messages.${name as MessageName}`);
      }
      return message;
    },
    [t, i18n],
  );

  /** A failed call's text: the server's message (translated when known), else a generic one. */
  const translateError = useCallback(
    (error: unknown): string => translateMessage(getErrorMessage(error, tCommon)),
    [translateMessage, tCommon],
  );

  return { translateMessage, translateError };
}
