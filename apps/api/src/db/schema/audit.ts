import { desc } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './company';

/**
 * Who changed what (ADR 027): one row per write, by the transaction that made the change, with
 * the subject before and after it and every secret redacted (`audit/record-audit.ts`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** customer | staff | system */
    actorKind: text('actor_kind').notNull(),
    /** The customer's or staff member's id; null for the system. */
    actorId: integer('actor_id'),
    /** What was done, as `<area>.<verb>`: `tickets.reply`, `vms.block`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    /** Text, as subjects are known by numbers or UUIDs. */
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The client's address (the request's, behind the trusted proxy); null for the system. */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The console's log of a company, newest first.
    index('audit_log_company_created_idx').on(
      table.companyId,
      desc(table.createdAt),
      desc(table.id),
    ),
    // The history of one subject.
    index('audit_log_subject_idx').on(
      table.companyId,
      table.subjectType,
      table.subjectId,
      table.createdAt,
    ),
  ],
);
