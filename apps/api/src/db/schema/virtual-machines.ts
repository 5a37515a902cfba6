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
    /** When the end date passed and the machine was shut off (status 'expired'). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** When the grace period after expiry ran out and the machine moved to Archived. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('virtual_machines_order_unique').on(table.orderId),
    index('virtual_machines_ends_idx')
      .on(table.endsAt)
      .where(sql`${table.status} NOT IN ('deleted', 'archived', 'failed')`),
    // The Products tab: a customer's listed machines, read backwards for newest first.
    index('virtual_machines_listed_idx')
      .on(table.companyId, table.customerId, table.createdAt, table.id)
      .where(sql`${table.status} NOT IN ('deleted', 'archived')`),
    index('virtual_machines_customer_idx').on(
      table.companyId,
      table.customerId,
      table.status,
      table.id,
    ),
  ],
);

export type VmRow = typeof virtualMachines.$inferSelect;

/**
 * The machines a kind 2–5 order acts on (one for clone, snapshot, renew and update; several for a
 * multi-renew), with what each line of the bill charged for it.
 */
export const orderTargets = pgTable(
  'order_targets',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    vmId: integer('vm_id')
      .notNull()
      .references(() => virtualMachines.id),
    companyId: integer('company_id').notNull(),
    /** Renewals: days the machine had been expired when the order was made (arrears). */
    daysExtended: integer('days_extended').notNull().default(0),
    costMinor: integer('cost_minor').notNull(),
    arrearsMinor: integer('arrears_minor').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.vmId] }),
    index('order_targets_vm_idx').on(table.vmId),
  ],
);

/**
 * Notices about a machine's end date, at most one of each kind per end date, so a reminder job
 * that runs twice (or on two processes) sends once: `INSERT … ON CONFLICT DO NOTHING` decides.
 */
export const vmExpiryNotices = pgTable(
  'vm_expiry_notices',
  {
    vmId: integer('vm_id')
      .notNull()
      .references(() => virtualMachines.id),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 'reminder-7d' | 'reminder-1d' | 'expired' | 'archived' */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.vmId, table.endsAt, table.kind] })],
);

export const VM_BACKUP_STATUSES = [
  'creating',
  'ready',
  'restoring',
  'restored',
  'failed',
  'deleted',
] as const;

/**
 * A clone or snapshot of a customer's machine (vm-lifecycle.md §3 "Clone or snapshot row"),
 * made by the apply job of its paid kind 2 order and kept for the bought duration.
 */
export const vmBackups = pgTable(
  'vm_backups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    vmId: integer('vm_id')
      .notNull()
      .references(() => virtualMachines.id),
    orderId: integer('order_id').references(() => orders.id),
    kind: text('kind', { enum: ['clone', 'snapshot'] }).notNull(),
    /** The clone's machine UUID or the snapshot's id at the hypervisor, once made. */
    hypervisorRef: text('hypervisor_ref'),
    name: text('name').notNull(),
    ramGb: integer('ram_gb').notNull(),
    vcpus: integer('vcpus').notNull(),
    diskGb: integer('disk_gb').notNull(),
    durationCount: integer('duration_count').notNull(),
    durationType: text('duration_type', { enum: ['Daily', 'Weekly', 'Monthly'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: VM_BACKUP_STATUSES }).notNull().default('creating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('vm_backups_order_unique').on(table.orderId),
    index('vm_backups_owner_idx').on(table.companyId, table.customerId, table.vmId),
    index('vm_backups_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'ready'`),
  ],
);

export type BackupRow = typeof vmBackups.$inferSelect;

/**
 * A company's pool of public addresses (ciscoMerakiIP). Assigning takes a free row for a machine
 * in one statement (`FOR UPDATE SKIP LOCKED`), with the forwarding the customer asked for.
 */
export const publicAddresses = pgTable(
  'public_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    address: text('address').notNull(),
    vmId: integer('vm_id').references(() => virtualMachines.id),
    lanAddress: text('lan_address'),
    hostName: text('host_name'),
    tcpPorts: integer('tcp_ports').array(),
    udpPorts: integer('udp_ports').array(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (table) => [
    unique('public_addresses_company_address_unique').on(table.companyId, table.address),
    unique('public_addresses_vm_unique').on(table.vmId),
    index('public_addresses_free_idx')
      .on(table.companyId, table.id)
      .where(sql`${table.vmId} IS NULL`),
  ],
);
