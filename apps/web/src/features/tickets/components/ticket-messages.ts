import { ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import { useContractMessages, type MessagePattern } from '@/lib/use-contract-messages';

/** The server's texts the customer can meet, by their names in `tickets:messages.*`. */
const CUSTOMER_TEXTS = {
  issueTypeRequired: ticketTexts.issueTypeRequired,
  descriptionRequired: ticketTexts.descriptionRequired,
  ticketSubmitted: ticketTexts.ticketSubmitted,
  noResponseYet: ticketTexts.noResponseYet,
  tooManyFiles: ticketTexts.tooManyFiles,
  fileTypeNotAllowed: ticketTexts.fileTypeNotAllowed,
  fileEmpty: ticketTexts.fileEmpty,
  textTooLong: ticketTexts.textTooLong,
  messageRequired: ticketTexts.messageRequired,
  replySent: ticketTexts.replySent,
  ticketNotFound: ticketTexts.ticketNotFound,
  attachmentNotFound: ticketTexts.attachmentNotFound,
  ticketResolved: ticketTexts.ticketResolved,
  vmNotFound: ticketTexts.vmNotFound,
  notMultipart: ticketTexts.notMultipart,
} as const;

const escaped = ticketTexts.fileTooLargeSuffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** '{file name} is more than 20 MB' from the server, with the file's name. */
const PATTERNS: readonly MessagePattern[] = [
  {
    name: 'fileTooLarge',
    pattern: new RegExp(`^(.+) ${escaped}$`),
    values: (match) => ({ name: match[1] ?? '' }),
  },
];

export function useTicketMessages() {
  return useContractMessages('tickets', CUSTOMER_TEXTS, PATTERNS);
}
