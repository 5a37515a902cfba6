import { z } from 'zod';
import { ZPageQuery, zPage } from '../paging';
import {
  MAX_TICKET_TEXT_LENGTH,
  TICKET_FILE_TYPES,
  TICKET_STATUSES,
  ticketTexts,
} from './ticket-rules';

export { TICKETS_PAGE_SIZE } from '../accounts/profile-page-sizes';

/**
 * A customer's support tickets (vm-lifecycle.md §2.7 Tickets tab, §2.9, §3, §5, §7, §8, §9;
 * issue 27), in the spec's wire names. Every call is for the signed-in customer's own tickets of
 * the site's company: any other id answers 404 'Ticket not found'.
 */

const zId = z.coerce.number().int().positive().max(2_147_483_647);

/** One file of a message: `url` is a path on the site, prefixed with the call's `websiteUrl`. */
export const ZTicketAttachment = z.object({
  ID: z.number().int(),
  /** The name the file was sent with, made safe (no path, no control characters). */
  fileName: z.string(),
  /** Decided from the bytes. */
  contentType: z.enum(TICKET_FILE_TYPES),
  size: z.number().int(),
  /** GET it with the session's cookies: `/api/ticket/attachment/{ID}`, sent as a download. */
  url: z.string(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

/** GET /api/ticket/getTicketIssueType: the company's issue types, in their order. */
export const ZTicketIssueType = z.object({ ID: z.number().int(), issueName: z.string() });
export const ZGetTicketIssueTypeResponse = z.array(ZTicketIssueType);
export type TTicketIssueType = z.infer<typeof ZTicketIssueType>;

/**
 * POST /api/ticket/generateTicket (customers, multipart/form-data, rate-limited): text fields
 * `issueType` (an issue type's ID from getTicketIssueType), `description`, optionally `vmID` (one
 * of the customer's machines), and up to 4 files as `files` (images or PDF, 20 MB each). Refusals:
 * 400 with errors on `issueType` 'Please select Issue Type', `description` 'Please Enter
 * Description'; 413 '{file name} is more than 20 MB' (errors on `files`); 400 on `files` for a
 * fifth file or a type other than images and PDF; 404 'Virtual machine not found' for a vmID that is
 * not the customer's. Success: 200 'Ticket submitted successfully' with the new ticket's ID.
 */
export const ZGenerateTicketFields = z.object({
  issueType: z
    .string({ error: ticketTexts.issueTypeRequired })
    .trim()
    .regex(/^[1-9][0-9]{0,8}$/, ticketTexts.issueTypeRequired)
    .transform(Number),
  description: z
    .string({ error: ticketTexts.descriptionRequired })
    .trim()
    .min(1, ticketTexts.descriptionRequired)
    .max(MAX_TICKET_TEXT_LENGTH, ticketTexts.textTooLong),
  vmID: z
    .string()
    .trim()
    .regex(/^([1-9][0-9]{0,8})?$/, ticketTexts.vmNotFound)
    .optional()
    .transform((value) => (value ? Number(value) : undefined)),
});
export type TGenerateTicketFields = z.input<typeof ZGenerateTicketFields>;
export const ZGenerateTicketResponse = z.object({ ticketID: z.number().int() });
export type TGenerateTicketResponse = z.infer<typeof ZGenerateTicketResponse>;

/** A row of the Tickets tab. */
const ZUserTicketRow = z.object({
  ticketID: z.number().int(),
  /** The issue type's name (the tab's "ticket name"). */
  issueType: z.string(),
  /** ISO 8601. */
  ticketDate: z.string(),
  ticketStatus: z.enum(TICKET_STATUSES),
  /** When the last message was written (ISO 8601). */
  updatedAt: z.string(),
});
export type TUserTicketRow = z.infer<typeof ZUserTicketRow>;

/** GET /api/ticket/getallUserTicket?page=N: one page of the customer's tickets, newest first. */
export const ZGetAllUserTicketQuery = ZPageQuery;
export const ZGetAllUserTicketResponse = zPage(ZUserTicketRow);
export type TGetAllUserTicketResponse = z.infer<typeof ZGetAllUserTicketResponse>;

/** One message of the conversation as the customer sees it (internal notes never are). */
export const ZCustomerTicketMessage = z.object({
  ID: z.number().int(),
  authorKind: z.enum(['customer', 'staff']),
  /** The customer's own name, or 'Support' for the provider's staff. */
  authorName: z.string(),
  body: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  attachments: z.array(ZTicketAttachment),
});
export type TCustomerTicketMessage = z.infer<typeof ZCustomerTicketMessage>;

/** POST /api/ticket/getTicketDetailByID { ticketID }. */
export const ZGetTicketDetailRequest = z.object({ ticketID: zId });
export type TGetTicketDetailRequest = z.input<typeof ZGetTicketDetailRequest>;

export const ZGetTicketDetailResponse = z.object({
  /** The Ticket Information tab (§2.9): the first message is the description. */
  ticket: z.object({
    ticketID: z.number().int(),
    issueType: z.string(),
    ticketDate: z.string(),
    ticketStatus: z.enum(TICKET_STATUSES),
    description: z.string(),
    attachments: z.array(ZTicketAttachment),
    /** The machine it is about, when one was chosen. */
    vmID: z.number().int().nullable(),
    vmName: z.string().nullable(),
  }),
  /**
   * The Ticket Response tab (§2.9): the first staff answer; null until there is one (the page shows
   * 'There is no response received yet from admin').
   */
  ticketResponse: z
    .object({
      responseDate: z.string(),
      ticketStatus: z.enum(TICKET_STATUSES),
      response: z.string(),
      attachments: z.array(ZTicketAttachment),
    })
    .nullable(),
  /** The site's origin: attachment urls are prefixed with it (§2.9). */
  websiteUrl: z.string(),
  /** The whole conversation, oldest first, the description first (issue 27). */
  messages: z.array(ZCustomerTicketMessage),
  /** False once Resolved: the reply form is hidden and replyTicket answers 409. */
  canReply: z.boolean(),
});
export type TGetTicketDetailResponse = z.infer<typeof ZGetTicketDetailResponse>;

/**
 * POST /api/ticket/replyTicket (customers, multipart/form-data, rate-limited): `ticketID`,
 * `message`, up to 4 `files` (the same rules as generateTicket). 409 'This ticket is resolved…'
 * once Resolved; 404 for any ticket not the customer's. Success 'Your reply has been sent' with the
 * new message.
 */
export const ZReplyTicketFields = z.object({
  ticketID: zId,
  message: z
    .string({ error: ticketTexts.messageRequired })
    .trim()
    .min(1, ticketTexts.messageRequired)
    .max(MAX_TICKET_TEXT_LENGTH, ticketTexts.textTooLong),
});
export type TReplyTicketFields = z.input<typeof ZReplyTicketFields>;
export const ZReplyTicketResponse = ZCustomerTicketMessage;

/**
 * GET /api/ticket/attachment/{attachmentID}: the file's bytes to the ticket's customer only
 * (404 otherwise), as a download (`Content-Disposition: attachment`, `nosniff`).
 */
export const ZTicketAttachmentParams = z.object({ attachmentID: zId });

/** The path of a customer's attachment download. */
export function customerAttachmentPath(attachmentId: number): string {
  return `/api/ticket/attachment/${attachmentId}`;
}
