import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './company';

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imagePath: text('image_path'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_company_published_idx').on(table.companyId, table.publishedAt.desc())],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stored lower-cased, so one address subscribes once per company. */
    email: text('email').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_company_email_key').on(table.companyId, table.email),
  ],
);

/** One row per unsubscribe link sent; the link carries the token, the row only its SHA-256. */
export const newsletterUnsubscribeTokens = pgTable(
  'newsletter_unsubscribe_tokens',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('newsletter_unsubscribe_tokens_hash_key').on(table.tokenHash)],
);

/** Contact page "Write to us". */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_company_idx').on(table.companyId, table.createdAt)],
);

/** Enquiries about a SendEmailForEnquiry business unit. */
export const productEnquiries = pgTable(
  'product_enquiries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    productService: text('product_service').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_enquiries_company_idx').on(table.companyId, table.createdAt)],
);

/** CxO series membership enquiries. */
export const membershipEnquiries = pgTable(
  'membership_enquiries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    vatNumber: text('vat_number').notNull(),
    registrationNumber: text('registration_number').notNull(),
    companyAddress: text('company_address').notNull(),
    /** Path under DATA_DIR/uploads, or null when no logo was sent. */
    logoPath: text('logo_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('membership_enquiries_company_idx').on(table.companyId, table.createdAt)],
);
