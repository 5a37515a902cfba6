ALTER TABLE "companies" ADD COLUMN "country_iso_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Africa/Johannesburg' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "support_opens_at" text DEFAULT '08:30' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "support_closes_at" text DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "support_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_iso_code_countries_iso_code_fk" FOREIGN KEY ("country_iso_code") REFERENCES "public"."countries"("iso_code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_support_hours_check" CHECK ("companies"."support_opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "companies"."support_closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "companies"."support_days" <@ '{1,2,3,4,5,6,7}'::integer[]);--> statement-breakpoint
-- Existing companies: their country by name, so the dialling code and the law follow at once.
UPDATE "companies" SET "country_iso_code" = "countries"."iso_code" FROM "countries" WHERE "companies"."country_iso_code" IS NULL AND lower(trim("companies"."country")) = lower("countries"."name");