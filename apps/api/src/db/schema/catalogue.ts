import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, countries } from './company';

/**
 * The catalogue a provider sells: VM products with their specification lines, the RAM→CPU
 * dependency table, and the company's operating systems, regions, IP types and time periods.
 * Money is in minor units (cents); percentages in basis points (1500 = 15 %).
 */

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const operatingSystems = pgTable(
  'operating_systems',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('operating_systems_company_name_key').on(table.companyId, table.name)],
);

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('regions_company_name_key').on(table.companyId, table.name)],
);

export const ipTypes = pgTable(
  'ip_types',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('ip_types_company_name_key').on(table.companyId, table.name)],
);

/** The periods a VM can be bought for, in days (priced as days / 30 of the monthly cost). */
export const timePeriods = pgTable(
  'time_periods',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    days: integer('days').notNull(),
  },
  (table) => [
    uniqueIndex('time_periods_company_days_key').on(table.companyId, table.days),
    check('time_periods_days_positive', sql`${table.days} > 0`),
  ],
);

export const vmProducts = pgTable(
  'vm_products',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    operatingSystemId: integer('operating_system_id')
      .notNull()
      .references(() => operatingSystems.id),
    imagePath: text('image_path'),
    /** The cloud service it is listed under (/marketplace/{serviceName}), compared lower-cased. */
    serviceName: text('service_name').notNull(),
    serviceKey: text('service_key').notNull(),
    /** The hypervisor provider: Node Weaver and Open Nebula machines are sold as they are. */
    serviceType: text('service_type').notNull(),
    /** The country whose tax and currency apply. */
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** Null: the customer picks one of the company's regions. */
    regionId: integer('region_id').references(() => regions.id),
    ipTypeId: integer('ip_type_id').references(() => ipTypes.id),
    currency: text('currency').notNull(),
    validityDays: integer('validity_days').notNull().default(30),
    /**
     * The card's summary of the base configuration and its 30-day cost; written with the
     * specification lines by the catalogue writer, never on their own.
     */
    memoryCount: integer('memory_count').notNull(),
    memoryUnit: text('memory_unit').notNull(),
    diskCount: integer('disk_count').notNull(),
    diskUnit: text('disk_unit').notNull(),
    cpuCount: integer('cpu_count').notNull(),
    costMinor: integer('cost_minor').notNull(),
    cpuCostMinor: integer('cpu_cost_minor').notNull(),
    ramDiscountBasisPoints: integer('ram_discount_basis_points').notNull().default(0),
    diskDiscountBasisPoints: integer('disk_discount_basis_points').notNull().default(0),
    cpuDiscountBasisPoints: integer('cpu_discount_basis_points').notNull().default(0),
    /** Sliders disabled: sold at its base configuration. */
    isPremium: boolean('is_premium').notNull().default(false),
    /** A custom ("gold copy") machine: Explore Custom Virtual Machines. */
    isGoldCopy: boolean('is_gold_copy').notNull().default(false),
    /** byPassflag: orders skip the payment gateway. */
    bypassesPayment: boolean('bypasses_payment').notNull().default(false),
    paymentGateways: text('payment_gateways')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Windows products whose buyer must provide a Microsoft licence (sendMailForLicense). */
    requiresLicence: boolean('requires_licence').notNull().default(false),
    licencePath: text('licence_path'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vm_products_listing_idx').on(
      table.companyId,
      table.isGoldCopy,
      table.sortOrder,
      table.id,
    ),
    index('vm_products_service_listing_idx').on(
      table.companyId,
      table.serviceKey,
      table.isGoldCopy,
      table.sortOrder,
      table.id,
    ),
    index('vm_products_os_name_idx').on(table.companyId, table.operatingSystemId, table.name),
  ],
);

export const vmProductSpecifications = pgTable(
  'vm_product_specifications',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => vmProducts.id, { onDelete: 'cascade' }),
    /** Memory, Disk or Processor. */
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    baseCount: integer('base_count').notNull(),
    minValue: integer('min_value').notNull(),
    maxValue: integer('max_value').notNull(),
    step: integer('step').notNull(),
    costPerUnitMinor: integer('cost_per_unit_minor').notNull(),
    sequence: integer('sequence').notNull(),
  },
  (table) => [
    uniqueIndex('vm_product_specifications_product_name_key').on(table.productId, table.name),
    check(
      'vm_product_specifications_name_check',
      sql`${table.name} in ('Memory', 'Disk', 'Processor')`,
    ),
    check(
      'vm_product_specifications_range_check',
      sql`${table.minValue} <= ${table.baseCount} and ${table.baseCount} <= ${table.maxValue} and ${table.step} > 0`,
    ),
  ],
);

/** CPU count follows the chosen memory: memory in [ramStart, ramEnd] gives cpuCount cores. */
export const vmProductRamCpuRules = pgTable(
  'vm_product_ram_cpu_rules',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => vmProducts.id, { onDelete: 'cascade' }),
    ramStart: integer('ram_start').notNull(),
    ramEnd: integer('ram_end').notNull(),
    cpuCount: integer('cpu_count').notNull(),
  },
  (table) => [index('vm_product_ram_cpu_rules_product_idx').on(table.productId, table.ramStart)],
);
