import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './company';

/**
 * A company's settings of one gateway. `credentials` is AES-256-GCM ciphertext of a JSON object
 * (merchant keys, private keys, client secrets), sealed with a key from the configuration and
 * never sent to the browser; `baseUrl` overrides the gateway's host (tests point it at a fake).
 */
export const companyPaymentGateways = pgTable(
  'company_payment_gateways',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Sandbox/test mode: receipts say 'Proforma Receipt'. */
    isTest: boolean('is_test').notNull().default(true),
    baseUrl: text('base_url'),
    credentials: text('credentials'),
    /** Values that are not secret (PayPal webhook id, Pesapal IPN id once registered). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.gateway] })],
);
