import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './company';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A customer of one company: the same address may have an account with each company. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dialCode: text('dial_code').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    companyName: text('company_name').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** Country name, as the spec's `region`. */
    region: text('region').notNull(),
    imagePath: text('image_path'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /**
     * No longer read or written by logins (issue 9): the pause lives in login_failures, keyed by
     * address, so it also covers addresses without an account. Kept until a later migration drops
     * them, so a process of the previous release still starts.
     */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [uniqueIndex('customers_company_email_key').on(table.companyId, table.email)],
);

/**
 * A login waiting for its mailed code, begun by sign-up or a correct password. Its `reference` is
 * the opaque `ID` the login, sign-up and resend calls answer and the code page carries: random,
 * so it cannot be guessed or walked as the customer's own id could.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt,
  },
  (table) => [
    uniqueIndex('pending_logins_reference_key').on(table.reference),
    index('pending_logins_customer_idx').on(table.customerId),
  ],
);

/** A one-time code mailed after sign-up or a correct password: stored as an HMAC, single use, short-lived. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The login this code completes (null only for codes mailed before issue 9). */
    pendingLoginId: integer('pending_login_id').references(() => pendingLogins.id, {
      onDelete: 'cascade',
    }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Wrong codes tried. A comparison takes its slot here before it is made (at most five), so
     * racing requests cannot compare more; the right code gives its slot back as it is spent.
     */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    index('login_codes_customer_idx').on(table.customerId, table.createdAt),
    index('login_codes_pending_login_idx').on(table.pendingLoginId, table.createdAt),
  ],
);

/**
 * Wrong passwords in a row for one address of one company, whether or not it has an account, so
 * the pause answers alike for both. The address is kept only as an HMAC (with the session secret).
 * A login takes a slot (`failed_count` + 1) before its password is checked; the fifth slot starts
 * the pause; a right password deletes the row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    addressKey: text('address_key').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.addressKey] })],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash),
    index('password_reset_tokens_customer_idx').on(table.customerId, table.createdAt),
  ],
);

/** A signed-in browser. Revoking it (logout, refresh-token reuse) ends it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
);

/** Refresh tokens of a session (its family): each is used once; a second use revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull(),
    isViewed: boolean('is_viewed').notNull().default(false),
    createdAt,
  },
  (table) => [index('notifications_customer_idx').on(table.customerId, table.createdAt)],
);
