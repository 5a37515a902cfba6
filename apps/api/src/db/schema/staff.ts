import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './company';

/**
 * The provider's staff (issue 27, ADR 028): people of the company, never customers. One identity
 * (email, password, TOTP) may belong to several companies, with a role in each (`memberships`).
 */

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique whatever the case (the index is on lower(email)). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** argon2id; null until the member has used an enrolment link. */
    passwordHash: text('password_hash'),
    /** The RFC 6238 secret, sealed with CREDENTIALS_KEY (lib/credentials-cipher.ts); null until enrolled. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The time step of the last accepted code: a code is accepted only for a newer step. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong codes in a row (TOTP or recovery), and the pause the fifth one starts. */
    totpFailedCount: integer('totp_failed_count').notNull().default(0),
    totpPausedUntil: timestamp('totp_paused_until', { withTimezone: true }),
    createdAt,
  },
  (table) => [uniqueIndex('staff_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A staff member's role in one company. */
export const staffMemberships = pgTable(
  'staff_memberships',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** owner | admin | billing | support | read-only (contract operator/permissions.ts). */
    role: text('role').notNull(),
    createdAt,
  },
  (table) => [
    unique('staff_memberships_staff_company_key').on(table.staffId, table.companyId),
    index('staff_memberships_company_idx').on(table.companyId),
  ],
);

/**
 * A signed-in staff session. The cookie holds a random token; the row's id is its SHA-256, so a
 * copy of the table opens no session. Idle after 30 minutes without a call, over 12 hours after
 * sign-in whatever happens (`expires_at`).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The company the console acts for; re-checked against the memberships on every call. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * A sign-in between the password and the TOTP step ('totp'), or an enrolment between the password
 * and the confirmed authenticator ('enrol', with the new secret sealed). Id: SHA-256 of the
 * cookie's token. Deleted by the step that completes it (one DELETE … RETURNING decides).
 */
export const staffPendingSignIns = pgTable(
  'staff_pending_sign_ins',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    /** The company to start in (the enrolment link's), else null: the first membership. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    newTotpSecretSealed: text('new_totp_secret_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt,
  },
  (table) => [index('staff_pending_sign_ins_staff_idx').on(table.staffId)],
);

/** Ten single-use recovery codes per enrolment, kept as HMACs. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [uniqueIndex('staff_recovery_codes_staff_code_key').on(table.staffId, table.codeHash)],
);

/**
 * A one-time link to /operator/enrol/<token> (the CLI's, an invite's): sets the password and the
 * authenticator. Kept as the token's SHA-256; works once, for 24 hours.
 */
export const staffEnrolmentLinks = pgTable(
  'staff_enrolment_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [index('staff_enrolment_links_staff_idx').on(table.staffId)],
);

/** Wrong passwords per address (a keyed hash of the email, known account or not), as for customers. */
export const staffSignInFailures = pgTable('staff_sign_in_failures', {
  addressKey: text('address_key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
