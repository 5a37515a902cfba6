import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { companies, taxBasis } from './company';
import { vmProducts } from './catalogue';

/** One line of what was bought: Memory, Disk or Processor with its count, unit and period cost. */
export type OrderedLine = {
  name: 'Memory' | 'Disk' | 'Processor';
  count: number;
  unit: string;
  costMinor: number;
  discountMinor: number;
};

/**
 * One machine of a multi-renew order as it was billed: its name and region then, the days it was
 * renewed for, its lines and amounts (the order's own lines are these summed).
 */
export type OrderedMachine = {
  vmId: number;
  vmName: string;
  regionName: string | null;
  days: number;
  daysExtended: number;
  costMinor: number;
  taxMinor: number;
  arrearsMinor: number;
  lines: OrderedLine[];
};

/**
 * An order of any of the five kinds (vm-lifecycle.md §2: comes-from 1–5). Money is in minor units
 * of `currency` (the product's); `chargeTotalMinor`/`chargeCurrency` are what the gateway is asked
 * for (USD after a PayPal ZAR conversion). The status moves only from `pending`, by one statement.
 */
export type OrderDetails = {
  /** Kind 2: a clone (whole machine) or a snapshot (disks only). */
  backupKind?: 'Clone' | 'Snapshot';
  durationCount?: number;
  durationType?: 'Daily' | 'Weekly' | 'Monthly';
  /** Kind 4. */
  updateType?: 'RamAndCpu' | 'Disk';
  /** Kind 4: the customer agreed on the screen that the machine may be powered off and on. */
  allowsPowerCycle?: boolean;
  /** Kind 5: each machine as billed, for the invoice and the receipt. */
  machines?: OrderedMachine[];
};

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Opaque and unguessable: the gateways' merchant reference and the browser's orderID. */
    reference: text('reference').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: smallint('kind').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    /** The gateway's wire name; null for a byPassflag order. */
    gateway: text('gateway'),
    bypassesPayment: boolean('bypasses_payment').notNull().default(false),
    isTest: boolean('is_test').notNull().default(true),
    currency: text('currency').notNull(),
    costMinor: integer('cost_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    arrearsMinor: integer('arrears_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    /** ADR 015: what the tax was charged on, kept with what was charged. */
    taxBasis: taxBasis('tax_basis').notNull(),
    chargeCurrency: text('charge_currency').notNull(),
    chargeTotalMinor: integer('charge_total_minor').notNull(),
    productId: integer('product_id').references(() => vmProducts.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    operatingSystem: text('operating_system').notNull(),
    isGoldCopy: boolean('is_gold_copy').notNull().default(false),
    lines: jsonb('lines').$type<OrderedLine[]>().notNull(),
    regionId: integer('region_id'),
    regionName: text('region_name'),
    periodDays: integer('period_days').notNull(),
    /** The product asks for the customer's Microsoft licence PDF before payment. */
    requiresLicence: boolean('requires_licence').notNull().default(false),
    /** DATA_DIR-relative path (private, never under /uploads) of the customer's Microsoft licence PDF. */
    licencePath: text('licence_path'),
    /** The gateway's own id for this payment (PayPal order, Pesapal tracking id, PayFast pf_payment_id, Ozow TransactionId). */
    gatewayOrderId: text('gateway_order_id'),
    /** Shown on the Failed page: the gateway's or our message. */
    statusMessage: text('status_message'),
    /** The page's language when ordered: the confirmation mail and receipt are written in it. */
    language: text('language', { enum: ['en', 'ko'] })
      .notNull()
      .default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Set by the one run of the purchase-confirmation job that queues the receipt mail. */
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    /**
     * What a kind 2–5 order asks beyond its lines (`OrderDetails`): the backup's kind and
     * duration, the update's type and the customer's consent to a power cycle.
     */
    details: jsonb('details').$type<OrderDetails>(),
    /** When the paid order's job finished applying it to the machine(s) (kinds 2–5). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_customer_idx').on(table.companyId, table.customerId, table.createdAt, table.id),
    index('orders_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** Append-only: every gateway event received about an order, with what we made of it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id').notNull(),
    /** notification | return | status-query | capture | sandbox | expiry | bypass */
    source: text('source').notNull(),
    payload: jsonb('payload').notNull(),
    /** paid | failed | cancelled | pending | rejected */
    verdict: text('verdict').notNull(),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/** The one transaction row of a paid order, and its receipt's unguessable token. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id').notNull(),
    customerId: integer('customer_id').notNull(),
    /** The gateway's transaction id (ours for Sandbox and bypass). */
    transactionId: text('transaction_id').notNull(),
    paymentMode: text('payment_mode').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    isTest: boolean('is_test').notNull(),
    receiptToken: text('receipt_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payment_transactions_order_unique').on(table.orderId),
    uniqueIndex('payment_transactions_receipt_token_idx').on(table.receiptToken),
  ],
);

/**
 * What a paid order asks of the machines layer: one row per order, and a durable job queued in
 * the same transaction. `awaiting-provisioning` until the machines layer takes it.
 */
export const vmRequests = pgTable(
  'vm_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id').notNull(),
    customerId: integer('customer_id').notNull(),
    kind: smallint('kind').notNull(),
    status: text('status').notNull().default('awaiting-provisioning'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('vm_requests_order_unique').on(table.orderId)],
);
