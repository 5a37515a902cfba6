import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets every process of one deployment must share and that may live beside the data they
 * protect (the session-signing secret). Never the key that encrypts stored credentials: that one
 * comes from the configuration (CREDENTIALS_KEY), so a copy of the database alone opens nothing.
 */
export const portalSecrets = pgTable('portal_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
