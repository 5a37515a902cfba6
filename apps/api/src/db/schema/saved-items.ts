import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { companies } from './company';
import { regions, vmProducts } from './catalogue';

/** A configuration a customer saved for later (vm-lifecycle.md §3 "Saved VM"). */
export const savedVms = pgTable(
  'saved_vms',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => vmProducts.id, { onDelete: 'cascade' }),
    memoryCount: integer('memory_count').notNull(),
    memoryUnit: text('memory_unit').notNull(),
    processorCount: integer('processor_count').notNull(),
    processorUnit: text('processor_unit').notNull(),
    driveCount: integer('drive_count').notNull(),
    driveUnit: text('drive_unit').notNull(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    /** Days; 0 when no period was chosen. */
    timePeriodDays: integer('time_period_days').notNull().default(0),
    totalAmountMinor: integer('total_amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_vms_customer_idx').on(table.customerId, table.createdAt),
    // One row per configuration a customer saved: a second save of the same one is refused by
    // the database, however many arrive at once ("no region" counts as one region).
    unique('saved_vms_configuration_key')
      .on(
        table.customerId,
        table.productId,
        table.memoryCount,
        table.driveCount,
        table.processorCount,
        table.timePeriodDays,
        table.regionId,
      )
      .nullsNotDistinct(),
  ],
);
