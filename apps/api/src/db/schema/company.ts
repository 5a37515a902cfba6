import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** What a company's tax is charged on (ADR 015); the values are the contract's TAX_BASES. */
export const taxBasis = pgEnum('tax_basis', ['beforeDiscount', 'afterDiscount']);

/** A provider brand. Everything a visitor sees is scoped to one company. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** Stable key used by the seed to find its rows again. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    logoPath: text('logo_path'),
    /** The portal's own canonical address. */
    portalUrl: text('portal_url').notNull(),
    /** The company's external website (header link; hidden when empty). */
    websiteUrl: text('website_url'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    twitterUrl: text('twitter_url'),
    linkedinUrl: text('linkedin_url'),
    youtubeUrl: text('youtube_url'),
    contactNumber: text('contact_number'),
    country: text('country'),
    email: text('email'),
    officeAddress: text('office_address'),
    city: text('city'),
    postalCode: text('postal_code'),
    vatNumber: text('vat_number'),
    registrationAgreementPath: text('registration_agreement_path'),
    termsPath: text('terms_path'),
    privacyPolicyPath: text('privacy_policy_path'),
    videoPath: text('video_path'),
    regionId: integer('region_id'),
    isInMaintenance: boolean('is_in_maintenance').notNull().default(false),
    maintenanceMessage: text('maintenance_message'),
    maintenanceRedirectUrl: text('maintenance_redirect_url'),
    defaultLanguage: text('default_language').notNull().default('en'),
    primaryColor: text('primary_color'),
    /**
     * The company's country as a `countries` row: its dialling code is the sign-up's default and
     * the phone hints' example, its data-protection law names the built-in legal texts.
     */
    countryIsoCode: text('country_iso_code').references(() => countries.isoCode, {
      onDelete: 'set null',
    }),
    /** The IANA time zone of the support hours (`Africa/Nairobi`). */
    timeZone: text('time_zone').notNull().default('Africa/Johannesburg'),
    /** Support hours as 'HH:MM' in `timeZone`; the defaults are portal.md §9's 08h30 to 17h00. */
    supportOpensAt: text('support_opens_at').notNull().default('08:30'),
    supportClosesAt: text('support_closes_at').notNull().default('17:00'),
    /** ISO weekdays with support, 1 Monday to 7 Sunday. */
    supportDays: integer('support_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::integer[]`),
    /** Tax on the total before the discount (vm-lifecycle.md §4, the default) or after it. */
    taxBasis: taxBasis('tax_basis').notNull().default('beforeDiscount'),
    /**
     * runMerakiScript (vm-lifecycle.md §4): while the company's network script runs, assigning a
     * public address answers 'In maintanance mode. please try again later.'
     */
    networkScriptRunning: boolean('network_script_running').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check(
      'companies_support_hours_check',
      sql`${table.supportOpensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.supportClosesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.supportDays} <@ '{1,2,3,4,5,6,7}'::integer[] and cardinality(${table.supportDays}) > 0`,
    ),
  ],
);

/** The website origins a company answers on (`https://portal.example.com`), normalised. */
export const companyDomains = pgTable(
  'company_domains',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
  },
  (table) => [
    uniqueIndex('company_domains_origin_key').on(table.origin),
    index('company_domains_company_idx').on(table.companyId),
  ],
);

export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    officeAddress: text('office_address').notNull(),
    city: text('city').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('company_addresses_company_idx').on(table.companyId, table.sortOrder)],
);

/** The Benefits dropdown: external links opening in a new tab. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('menu_items_company_idx').on(table.companyId, table.sortOrder)],
);

export const serviceOption = pgEnum('service_option', [
  'RedirectionURL',
  'CloudService',
  'SendEmailForEnquiry',
]);

/** A business unit ("product service") shown on the home page and in Products And Services. */
export const productServices = pgTable(
  'product_services',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    description: text('description').notNull(),
    serviceOption: serviceOption('service_option').notNull(),
    redirectUrl: text('redirect_url'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('product_services_company_name_key').on(table.companyId, table.businessName),
    index('product_services_company_idx').on(table.companyId, table.sortOrder),
  ],
);

/** The cloud services a CloudService business unit offers, each leading to /marketplace/{name}. */
export const productServiceClouds = pgTable(
  'product_service_clouds',
  {
    id: serial('id').primaryKey(),
    productServiceId: integer('product_service_id')
      .notNull()
      .references(() => productServices.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    description: text('description').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('product_service_clouds_service_idx').on(table.productServiceId, table.sortOrder),
  ],
);

/** External cloud partners (Partner Cloud Services). */
export const partnerClouds = pgTable(
  'partner_clouds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    logoPath: text('logo_path'),
    websiteUrl: text('website_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('partner_clouds_company_idx').on(table.companyId, table.sortOrder)],
);

/** Countries for dialling codes, mobile number lengths, currency and tax. Shared by all companies. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
  mobileMinLength: integer('mobile_min_length').notNull(),
  mobileMaxLength: integer('mobile_max_length').notNull(),
  currency: text('currency').notNull(),
  /** Tax in hundredths of a percent: 1500 is 15 %. */
  taxBasisPoints: integer('tax_basis_points').notNull().default(0),
  sortOrder: integer('sort_order')
    .notNull()
    .default(sql`0`),
});
