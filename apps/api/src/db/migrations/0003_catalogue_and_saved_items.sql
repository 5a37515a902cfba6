CREATE TABLE "ip_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "time_periods_days_positive" CHECK ("time_periods"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "vm_product_ram_cpu_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"ram_start" integer NOT NULL,
	"ram_end" integer NOT NULL,
	"cpu_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vm_product_specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"base_count" integer NOT NULL,
	"min_value" integer NOT NULL,
	"max_value" integer NOT NULL,
	"step" integer NOT NULL,
	"cost_per_unit_minor" integer NOT NULL,
	"sequence" integer NOT NULL,
	CONSTRAINT "vm_product_specifications_name_check" CHECK ("vm_product_specifications"."name" in ('Memory', 'Disk', 'Processor')),
	CONSTRAINT "vm_product_specifications_range_check" CHECK ("vm_product_specifications"."min_value" <= "vm_product_specifications"."base_count" and "vm_product_specifications"."base_count" <= "vm_product_specifications"."max_value" and "vm_product_specifications"."step" > 0)
);
--> statement-breakpoint
CREATE TABLE "vm_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"operating_system_id" integer NOT NULL,
	"image_path" text,
	"service_name" text NOT NULL,
	"service_key" text NOT NULL,
	"service_type" text NOT NULL,
	"country_id" integer NOT NULL,
	"region_id" integer,
	"ip_type_id" integer,
	"currency" text NOT NULL,
	"validity_days" integer DEFAULT 30 NOT NULL,
	"memory_count" integer NOT NULL,
	"memory_unit" text NOT NULL,
	"disk_count" integer NOT NULL,
	"disk_unit" text NOT NULL,
	"cpu_count" integer NOT NULL,
	"cost_minor" integer NOT NULL,
	"cpu_cost_minor" integer NOT NULL,
	"ram_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"disk_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"cpu_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_gold_copy" boolean DEFAULT false NOT NULL,
	"bypasses_payment" boolean DEFAULT false NOT NULL,
	"payment_gateways" text[] DEFAULT '{}'::text[] NOT NULL,
	"requires_licence" boolean DEFAULT false NOT NULL,
	"licence_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_vms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"memory_count" integer NOT NULL,
	"memory_unit" text NOT NULL,
	"processor_count" integer NOT NULL,
	"processor_unit" text NOT NULL,
	"drive_count" integer NOT NULL,
	"drive_unit" text NOT NULL,
	"region_id" integer,
	"time_period_days" integer DEFAULT 0 NOT NULL,
	"total_amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_types" ADD CONSTRAINT "ip_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_systems" ADD CONSTRAINT "operating_systems_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_periods" ADD CONSTRAINT "time_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_product_ram_cpu_rules" ADD CONSTRAINT "vm_product_ram_cpu_rules_product_id_vm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."vm_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_product_specifications" ADD CONSTRAINT "vm_product_specifications_product_id_vm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."vm_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_products" ADD CONSTRAINT "vm_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_products" ADD CONSTRAINT "vm_products_operating_system_id_operating_systems_id_fk" FOREIGN KEY ("operating_system_id") REFERENCES "public"."operating_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_products" ADD CONSTRAINT "vm_products_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_products" ADD CONSTRAINT "vm_products_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_products" ADD CONSTRAINT "vm_products_ip_type_id_ip_types_id_fk" FOREIGN KEY ("ip_type_id") REFERENCES "public"."ip_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vms" ADD CONSTRAINT "saved_vms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vms" ADD CONSTRAINT "saved_vms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vms" ADD CONSTRAINT "saved_vms_product_id_vm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."vm_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vms" ADD CONSTRAINT "saved_vms_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_types_company_name_key" ON "ip_types" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "operating_systems_company_name_key" ON "operating_systems" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_company_name_key" ON "regions" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "time_periods_company_days_key" ON "time_periods" USING btree ("company_id","days");--> statement-breakpoint
CREATE INDEX "vm_product_ram_cpu_rules_product_idx" ON "vm_product_ram_cpu_rules" USING btree ("product_id","ram_start");--> statement-breakpoint
CREATE UNIQUE INDEX "vm_product_specifications_product_name_key" ON "vm_product_specifications" USING btree ("product_id","name");--> statement-breakpoint
CREATE INDEX "vm_products_listing_idx" ON "vm_products" USING btree ("company_id","is_gold_copy","sort_order","id");--> statement-breakpoint
CREATE INDEX "vm_products_service_listing_idx" ON "vm_products" USING btree ("company_id","service_key","is_gold_copy","sort_order","id");--> statement-breakpoint
CREATE INDEX "vm_products_os_name_idx" ON "vm_products" USING btree ("company_id","operating_system_id","name");--> statement-breakpoint
CREATE INDEX "saved_vms_customer_idx" ON "saved_vms" USING btree ("customer_id","created_at");