import { useCallback } from 'react';
import { useContractMessages } from '@/lib/use-contract-messages';
import { ACCOUNT_TEXT_PATTERNS, ACCOUNT_TEXTS } from './account-messages';

/** The account pages' messages in the user's language (see `useContractMessages`). */
export function useAccountMessages() {
  const { translateMessage, translateError } = useContractMessages(
    'accounts',
    ACCOUNT_TEXTS,
    ACCOUNT_TEXT_PATTERNS,
  );

  /** A field rule's result (a contract message or null) as the field's error. */
  const translateProblem = useCallback(
    (problem: string | null): string | null =>
      problem === null ? null : translateMessage(problem),
    [translateMessage],
  );

  return { translateMessage, translateError, translateProblem };
}
