import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './company';

export type MailAttachment = { filename: string; path: string; contentType: string };

/**
 * Every mail the portal sends, written before delivery is attempted: a durable record that a job
 * (pg-boss) delivers through SMTP with retries, or logs to the console when no SMTP is configured.
 * The body (html, text) carries login codes and recovery links, and a login code's subject its
 * code: they are kept only while the mail waits to be delivered and dropped by the statement that
 * marks it delivered or given up; the row stays as the record of what was sent to whom, when, and
 * how it went (ADR 011).
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
    /** The subject kept on record: without the secret when the sent one holds it (a login code). */
    subject: text('subject').notNull(),
    /** The subject as sent when it holds a secret; null once the mail is no longer queued. */
    subjectWithSecret: text('subject_with_secret'),
    /** Null once the mail is no longer queued (sent, logged or failed). */
    html: text('html'),
    text: text('text'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /**
     * queued → sent (SMTP) or logged (no SMTP); a failed attempt keeps it queued with the error,
     * and the last attempt its job has (MAIL_DELIVERY_ATTEMPTS) failing makes it failed.
     */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_status_idx').on(table.status, table.createdAt),
    index('mail_outbox_to_idx').on(table.toAddress, table.createdAt),
    check(
      'mail_outbox_body_only_while_queued',
      sql`(${table.status} = 'queued') = (${table.html} is not null and ${table.text} is not null)`,
    ),
    check(
      'mail_outbox_subject_secret_only_while_queued',
      sql`${table.status} = 'queued' or ${table.subjectWithSecret} is null`,
    ),
  ],
);
