import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './company';

export type MailAttachment = { filename: string; path: string; contentType: string };

/**
 * Every mail the portal sends, written before delivery is attempted: a durable record that a job
 * (pg-boss) delivers through SMTP with retries, or logs to the console when no SMTP is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** queued → sent (SMTP) or logged (no SMTP); failed attempts keep it queued with the error. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_status_idx').on(table.status, table.createdAt),
    index('mail_outbox_to_idx').on(table.toAddress, table.createdAt),
  ],
);
