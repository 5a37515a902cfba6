import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/error-message';
import {
  ACCOUNT_TEXTS,
  ADDRESSED_TEXT_PATTERNS,
  MAX_LENGTH_PATTERN,
  type AccountTextName,
} from './account-messages';

const NAME_BY_TEXT = new Map<string, AccountTextName>(
  (Object.entries(ACCOUNT_TEXTS) as [AccountTextName, string][]).map(([name, text]) => [
    text,
    name,
  ]),
);

/**
 * The contract's and the server's messages in the user's language; the English texts are the
 * spec's own. A message the translations do not know is shown as it is.
 */
export function useAccountMessages() {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();

  const translateMessage = useCallback(
    (message: string): string => {
      const name = NAME_BY_TEXT.get(message);
      if (name !== undefined) return t(`messages.${name}`);
      for (const { name: patternName, pattern } of ADDRESSED_TEXT_PATTERNS) {
        const match = pattern.exec(message);
        if (match?.[1]) return t(`messages.${patternName}`, { email: match[1] });
      }
      const maxLength = MAX_LENGTH_PATTERN.exec(message);
      if (maxLength?.[1]) return t('messages.maxLength', { count: Number(maxLength[1]) });
      return message;
    },
    [t],
  );

  /** A failed call's text: the server's message (translated when known), else a generic one. */
  const translateError = useCallback(
    (error: unknown): string => translateMessage(getErrorMessage(error, tCommon)),
    [translateMessage, tCommon],
  );

  /** A field rule's result (a contract message or null) as the field's error. */
  const translateProblem = useCallback(
    (problem: string | null): string | null =>
      problem === null ? null : translateMessage(problem),
    [translateMessage],
  );

  return { translateMessage, translateError, translateProblem };
}
