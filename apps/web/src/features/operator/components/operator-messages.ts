import { useCallback } from 'react';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isApiError } from '@/lib/api-client';
import { useContractMessages } from '@/lib/use-contract-messages';

/** Every text the console may show from the contract or the operator API, by name. */
export const OPERATOR_TEXTS = {
  ...operatorTexts,
  emailRequired: messages.emailRequired,
  emailInvalid: accountMessages.emailInvalid,
  passwordRequired: accountMessages.passwordRequired,
  passwordInvalid: accountMessages.passwordInvalid,
  passwordMismatch: accountMessages.passwordMismatch,
  tooManyRequests: messages.tooManyRequests,
  somethingWentWrong: messages.somethingWentWrong,
} as const;

/** The console's messages in the member's language (see `useContractMessages`). */
export function useOperatorMessages() {
  const { translateMessage, translateError } = useContractMessages('operator', OPERATOR_TEXTS);

  /** A field rule's result (a contract message or null) as the field's error. */
  const translateProblem = useCallback(
    (problem: string | null): string | null =>
      problem === null ? null : translateMessage(problem),
    [translateMessage],
  );

  /** A failed call: 403 without a message is a missing permission. */
  const errorText = useCallback(
    (error: unknown): string =>
      isApiError(error) && error.httpStatus === 403 && error.message === ''
        ? translateMessage(operatorTexts.notMember)
        : translateError(error),
    [translateError, translateMessage],
  );

  return { translateMessage, translateProblem, errorText };
}
