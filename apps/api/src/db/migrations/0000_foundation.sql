CREATE TYPE "public"."service_option" AS ENUM('RedirectionURL', 'CloudService', 'SendEmailForEnquiry');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_path" text,
	"portal_url" text NOT NULL,
	"website_url" text,
	"facebook_url" text,
	"instagram_url" text,
	"twitter_url" text,
	"linkedin_url" text,
	"youtube_url" text,
	"contact_number" text,
	"country" text,
	"email" text,
	"office_address" text,
	"city" text,
	"postal_code" text,
	"vat_number" text,
	"registration_agreement_path" text,
	"terms_path" text,
	"privacy_policy_path" text,
	"video_path" text,
	"region_id" integer,
	"is_in_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_message" text,
	"maintenance_redirect_url" text,
	"default_language" text DEFAULT 'en' NOT NULL,
	"primary_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"country" text NOT NULL,
	"office_address" text NOT NULL,
	"city" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"name" text NOT NULL,
	"dial_code" text NOT NULL,
	"mobile_min_length" integer NOT NULL,
	"mobile_max_length" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_basis_points" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_clouds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"logo_path" text,
	"website_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_service_clouds" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_service_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"description" text NOT NULL,
	"service_option" "service_option" NOT NULL,
	"redirect_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_path" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_clouds" ADD CONSTRAINT "partner_clouds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_service_clouds" ADD CONSTRAINT "product_service_clouds_product_service_id_product_services_id_fk" FOREIGN KEY ("product_service_id") REFERENCES "public"."product_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_services" ADD CONSTRAINT "product_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "company_domains_origin_key" ON "company_domains" USING btree ("origin");--> statement-breakpoint
CREATE INDEX "company_domains_company_idx" ON "company_domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "menu_items_company_idx" ON "menu_items" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "partner_clouds_company_idx" ON "partner_clouds" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_service_clouds_service_idx" ON "product_service_clouds" USING btree ("product_service_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_services_company_name_key" ON "product_services" USING btree ("company_id","business_name");--> statement-breakpoint
CREATE INDEX "product_services_company_idx" ON "product_services" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "news_company_published_idx" ON "news" USING btree ("company_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_company_email_key" ON "newsletter_subscribers" USING btree ("company_id","email");