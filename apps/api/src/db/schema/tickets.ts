import { desc, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { TICKET_FILE_TYPES, TICKET_STATUSES } from '@cloud-portal/contract/tickets/ticket-rules';
import { customers } from './accounts';
import { companies } from './company';
import { virtualMachines } from './virtual-machines';

/**
 * Support tickets (vm-lifecycle.md §2.9, §3; issue 27, ADR 029). Every row carries its company so
 * that every query, the customer's and the desk's, is scoped by it without a join.
 */

/** A company's own kinds of ticket (§3 "Ticket issue type": issueName). */
export const ticketIssueTypes = pgTable(
  'ticket_issue_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The order of the customer's drop-down. */
    position: integer('position').notNull().default(0),
    /** A retired type stays on its old tickets and leaves the drop-down. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('ticket_issue_types_company_name_key').on(table.companyId, table.name)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The machine it is about, when the customer chose one. */
    vmId: integer('vm_id').references(() => virtualMachines.id, { onDelete: 'set null' }),
    issueTypeId: integer('issue_type_id')
      .notNull()
      .references(() => ticketIssueTypes.id),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('Open'),
    /**
     * The staff member it is assigned to. No foreign key yet: the staff table arrives with the
     * operator's sign-in (issue 27, another branch); the merge adds the reference.
     */
    assigneeStaffId: integer('assignee_staff_id'),
    /** The language the customer last wrote in: staff answers are mailed in it. */
    language: text('language', { enum: ['en', 'ko'] })
      .notNull()
      .default('en'),
    /** Who wrote the last message the customer can see (customer: waiting for an answer). */
    lastAuthorKind: text('last_author_kind', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Changed by every message and status change: the desk's "recently active". */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tickets_status_check', sql`${table.status} in ('Open', 'In Progress', 'Resolved')`),
    // The Tickets tab: one customer's tickets, newest first.
    index('tickets_customer_idx').on(
      table.companyId,
      table.customerId,
      desc(table.createdAt),
      desc(table.id),
    ),
    // The desk's queue by status and age (and all statuses by age), keyset-paged both ways.
    index('tickets_queue_status_idx').on(table.companyId, table.status, table.createdAt, table.id),
    index('tickets_queue_idx').on(table.companyId, table.createdAt, table.id),
    // The desk's "recently active" order, of every status and of one.
    index('tickets_recent_idx').on(table.companyId, table.updatedAt, table.id),
    index('tickets_queue_updated_idx').on(table.companyId, table.status, table.updatedAt, table.id),
    index('tickets_assignee_idx').on(
      table.companyId,
      table.assigneeStaffId,
      table.status,
      table.createdAt,
    ),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;

/** One message of a ticket's conversation: the description is the first. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ['customer', 'staff'] }).notNull(),
    /** The customer's id or the staff member's (no foreign key: two tables). */
    authorId: integer('author_id').notNull(),
    body: text('body').notNull(),
    /** A note between staff: never read by a customer call. */
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'ticket_messages_internal_by_staff_check',
      sql`not ${table.isInternal} or ${table.authorKind} = 'staff'`,
    ),
    index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt, table.id),
  ],
);

/** A file of a message, kept under DATA_DIR/ticket-attachments, never under the web root. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Relative to DATA_DIR: `ticket-attachments/{company}/{random}`; nothing the sender chose. */
    storedPath: text('stored_path').notNull().unique(),
    /** The name it was sent with, made safe: only ever shown and used in Content-Disposition. */
    originalName: text('original_name').notNull(),
    /** Decided from the bytes. */
    contentType: text('content_type', { enum: TICKET_FILE_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_attachments_message_idx').on(table.messageId),
    index('ticket_attachments_ticket_idx').on(table.ticketId),
  ],
);

export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;
