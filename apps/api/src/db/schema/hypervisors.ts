import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './company';

/**
 * The simulator hypervisor's machines (hypervisors/providers/simulator.ts). `state` is the state
 * the machine settled in; while `operation` is set the machine is busy until `operationEndsAt`,
 * then settles to `operationTarget` (or `failed` when `operationFailure` is set) with
 * `operationChanges` applied. Nothing lives in memory, so a restart mid-operation loses nothing.
 */
export const simulatedMachines = pgTable(
  'simulated_machines',
  {
    uuid: uuid('uuid').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'machine', or a backup of `parentUuid`: 'clone' (a whole machine) or 'snapshot' (disk only). */
    kind: text('kind').notNull(),
    parentUuid: uuid('parent_uuid'),
    name: text('name').notNull(),
    /** MachineSpec.creationKey: a create asked again with it answers this machine. */
    creationKey: text('creation_key'),
    image: text('image').notNull(),
    ramGb: integer('ram_gb').notNull(),
    vcpus: integer('vcpus').notNull(),
    diskGb: integer('disk_gb').notNull(),
    /** Sizes in GB of the disks added after creation (at most two, vm-lifecycle.md §9). */
    addedDisksGb: jsonb('added_disks_gb').$type<number[]>().notNull().default([]),
    /** 10.x.y.z; null for snapshots and once deleted. */
    privateAddress: text('private_address'),
    /** provisioning | running | shutoff | failed | deleted */
    state: text('state').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    /** A clone that was restored into a machine of its own. */
    isRestored: boolean('is_restored').notNull().default(false),
    failureReason: text('failure_reason'),
    operation: text('operation'),
    operationTarget: text('operation_target'),
    operationEndsAt: timestamp('operation_ends_at', { withTimezone: true }),
    /** Column values the operation sets when it completes (resize, add disk, restore). */
    operationChanges: jsonb('operation_changes').$type<Record<string, unknown>>(),
    operationFailure: text('operation_failure'),
    /** An injected fault for the next operation: { mode, reason }. */
    pendingFault: jsonb('pending_fault').$type<{ mode: string; reason: string }>(),
    /** SHA-256 of the latest one-time console password (high-entropy, random). */
    consolePasswordHash: text('console_password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('simulated_machines_company_address_key').on(table.companyId, table.privateAddress),
    uniqueIndex('simulated_machines_company_creation_key').on(table.companyId, table.creationKey),
    index('simulated_machines_parent_idx').on(table.parentUuid),
    check(
      'simulated_machines_added_disks_max',
      sql`jsonb_array_length(${table.addedDisksGb}) <= 2`,
    ),
  ],
);

/** A fault injected into a company's next `create` (there is no machine yet to hold it). */
export const simulatedCreateFaults = pgTable('simulated_create_faults', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's settings for one hypervisor driver: its options (endpoint, connection URI,
 * credentials) sealed like payment credentials (payments/credentials-cipher.ts), never sent to a
 * browser. Without a row a driver runs on its defaults (the simulator needs none).
 */
export const companyHypervisors = pgTable(
  'company_hypervisors',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driver: text('driver').notNull(),
    sealedOptions: text('sealed_options').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.driver] })],
);
