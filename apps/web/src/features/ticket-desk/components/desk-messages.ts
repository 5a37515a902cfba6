import { useCallback } from 'react';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { messages } from '@cloud-portal/contract/validation/messages';
import { ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import { isApiError } from '@/lib/api-client';
import { useContractMessages } from '@/lib/use-contract-messages';

/** The texts the desk's calls may answer, by their names under the console's `messages.`. */
const DESK_TEXTS = {
  ...operatorTexts,
  tooManyRequests: messages.tooManyRequests,
  somethingWentWrong: messages.somethingWentWrong,
  tooManyFiles: ticketTexts.tooManyFiles,
  fileTypeNotAllowed: ticketTexts.fileTypeNotAllowed,
  fileEmpty: ticketTexts.fileEmpty,
  textTooLong: ticketTexts.textTooLong,
  messageRequired: ticketTexts.messageRequired,
  ticketNotFound: ticketTexts.ticketNotFound,
  attachmentNotFound: ticketTexts.attachmentNotFound,
  notMultipart: ticketTexts.notMultipart,
  answerSent: ticketTexts.answerSent,
  noteAdded: ticketTexts.noteAdded,
  statusChanged: ticketTexts.statusChanged,
  statusChangedMeanwhile: ticketTexts.statusChangedMeanwhile,
  assigned: ticketTexts.assigned,
} as const;

/** The desk's messages in the member's language; 403 without a message is a missing key. */
export function useDeskMessages() {
  const { message, translateMessage, translateError } = useContractMessages('operator', DESK_TEXTS);
  const errorText = useCallback(
    (error: unknown): string =>
      isApiError(error) && error.httpStatus === 403 && error.message === ''
        ? translateMessage(operatorTexts.notMember)
        : translateError(error),
    [translateError, translateMessage],
  );
  return { message, errorText };
}
