import { z } from 'zod';
import {
  MAX_TICKET_NOTE_LENGTH,
  MAX_TICKET_TEXT_LENGTH,
  TICKET_STATUSES,
  DESK_QUEUE_ORDERS,
  ticketTexts,
} from './ticket-rules';
import { ZTicketAttachment } from './customer-tickets';

/**
 * The operator console's ticket desk (issue 27), under /api/operator/tickets, for the staff of the
 * site's company: `tickets.view` reads, `tickets.reply` answers and writes notes and changes the
 * status, `tickets.assign` assigns (packages/contract/src/operator/permissions.ts).
 */

const zId = z.coerce.number().int().positive().max(2_147_483_647);

export const DESK_QUEUE_PAGE_SIZE = 25;

/**
 * GET /api/operator/tickets: the queue, keyset-paged (`cursor` is the previous page's
 * `nextCursor`). `status` one of the statuses (all when absent), `assignee` 'me', 'unassigned'
 * or a staff id, `issueType` an issue type id, `q` a ticket id (digits, with or without '#') or a
 * part of the customer's name or email. `order` 'oldest' (by age, the default), 'newest', or
 * 'updated' (most recently active first).
 */
export const ZDeskQueueQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  assignee: z
    .union([z.enum(['me', 'unassigned']), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional(),
  issueType: zId.optional(),
  q: z.string().trim().max(200).optional(),
  order: z.enum(DESK_QUEUE_ORDERS).optional().default('oldest'),
  cursor: z.string().max(200).optional(),
});
export type TDeskQueueQuery = z.input<typeof ZDeskQueueQuery>;

const ZDeskCustomer = z.object({
  ID: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The customer's language: answers are mailed in it. */
  language: z.string(),
});

export const ZDeskQueueRow = z.object({
  ticketID: z.number().int(),
  issueType: z.string(),
  status: z.enum(TICKET_STATUSES),
  customer: ZDeskCustomer,
  /** The staff member it is assigned to, or null. */
  assigneeID: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote last (customer: waiting for an answer). */
  lastAuthorKind: z.enum(['customer', 'staff']),
});
export type TDeskQueueRow = z.infer<typeof ZDeskQueueRow>;

export const ZDeskQueueResponse = z.object({
  rows: z.array(ZDeskQueueRow),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TDeskQueueResponse = z.infer<typeof ZDeskQueueResponse>;

export const ZDeskTicketParams = z.object({ ticketID: zId });

/** A message of the conversation as the desk sees it, internal notes included. */
export const ZDeskTicketMessage = z.object({
  ID: z.number().int(),
  authorKind: z.enum(['customer', 'staff']),
  /** The customer's id or the staff member's id. */
  authorID: z.number().int(),
  /** True for a note between staff, never shown to the customer. */
  internal: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** Download urls under /api/operator/tickets/attachments/{ID}. */
  attachments: z.array(ZTicketAttachment),
});
export type TDeskTicketMessage = z.infer<typeof ZDeskTicketMessage>;

/** GET /api/operator/tickets/{ticketID}: the ticket, its customer, machine and conversation. */
export const ZDeskTicketResponse = z.object({
  ticketID: z.number().int(),
  issueType: z.string(),
  status: z.enum(TICKET_STATUSES),
  assigneeID: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: ZDeskCustomer,
  /** The machine it is about and its state, or null. */
  vm: z
    .object({
      ID: z.number().int(),
      vmName: z.string(),
      state: z.string(),
      isBlocked: z.boolean(),
    })
    .nullable(),
  messages: z.array(ZDeskTicketMessage),
});
export type TDeskTicketResponse = z.infer<typeof ZDeskTicketResponse>;

/**
 * POST /api/operator/tickets/{ticketID}/answer (`tickets.reply`, multipart/form-data): `message`
 * and up to 4 `files` (the customer's rules). The customer is told once by bell and by mail in
 * their language; an Open ticket becomes In Progress.
 */
export const ZDeskAnswerFields = z.object({
  message: z
    .string({ error: ticketTexts.messageRequired })
    .trim()
    .min(1, ticketTexts.messageRequired)
    .max(MAX_TICKET_TEXT_LENGTH, ticketTexts.textTooLong),
});

/** POST /api/operator/tickets/{ticketID}/notes (`tickets.reply`): a note for staff only. */
export const ZDeskNoteRequest = z.object({
  body: z
    .string({ error: ticketTexts.messageRequired })
    .trim()
    .min(1, ticketTexts.messageRequired)
    .max(MAX_TICKET_NOTE_LENGTH, ticketTexts.textTooLong),
});

/**
 * POST /api/operator/tickets/{ticketID}/status (`tickets.reply`): `from` is the status the member
 * saw. One wins when two change it at once; the other gets 409 'Someone else changed this ticket
 * meanwhile…' (data: the ticket's current status).
 */
export const ZDeskStatusRequest = z.object({
  from: z.enum(TICKET_STATUSES),
  status: z.enum(TICKET_STATUSES),
});

/** POST /api/operator/tickets/{ticketID}/assign (`tickets.assign`): a staff id, or null to unassign. */
export const ZDeskAssignRequest = z.object({
  assigneeID: z.number().int().positive().max(2_147_483_647).nullable(),
});

/** What status and assign answer: the ticket's state after the change. */
export const ZDeskTicketState = z.object({
  ticketID: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  assigneeID: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TDeskTicketState = z.infer<typeof ZDeskTicketState>;

/** GET /api/operator/tickets/attachments/{attachmentID} (`tickets.view`). */
export const ZDeskAttachmentParams = z.object({ attachmentID: zId });

export function deskAttachmentPath(attachmentId: number): string {
  return `/api/operator/tickets/attachments/${attachmentId}`;
}
