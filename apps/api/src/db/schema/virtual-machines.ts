import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { companies } from './company';
import { orders } from './orders';

export const VM_STATUSES = [
  'provisioning',
  'running',
  'shutoff',
  'busy',
  'failed',
  'expired',
  'archived',
  'deleted',
] as const;

/**
 * A customer's virtual machine (vm-lifecycle.md §3 "Active VM"): made by the provisioning job of
 * the paid order that bought it (one per order), on the hypervisor its product's service type
 * names. `status` is what the portal last learnt from the hypervisor (or its own lifecycle:
 * expired, archived, deleted); `machine_uuid` is set once the hypervisor accepted the create.
 */
export const virtualMachines = pgTable(
  'virtual_machines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id'),
    name: text('name').notNull(),
    aliasName: text('alias_name'),
    operatingSystem: text('operating_system').notNull(),
    serviceType: text('service_type').notNull(),
    driver: text('driver').notNull(),
    machineUuid: text('machine_uuid'),
    privateAddress: text('private_address'),
    /** ciscoMerakiIP: null while unassigned. */
    publicAddress: text('public_address'),
    status: text('status', { enum: VM_STATUSES }).notNull().default('provisioning'),
    ramGb: integer('ram_gb').notNull(),
    vcpus: integer('vcpus').notNull(),
    diskGb: integer('disk_gb').notNull(),
    periodDays: integer('period_days').notNull(),
    isGoldCopy: boolean('is_gold_copy').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isClone: boolean('is_clone').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    provisioningAttempts: integer('provisioning_attempts').notNull().default(0),
    /** Why the last provisioning attempt failed (no secrets, no vendor text shown to customers). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('virtual_machines_order_unique').on(table.orderId),
    index('virtual_machines_customer_idx').on(
      table.companyId,
      table.customerId,
      table.status,
      table.id,
    ),
  ],
);
