CREATE TABLE "company_hypervisors" (
	"company_id" integer NOT NULL,
	"driver" text NOT NULL,
	"sealed_options" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_hypervisors_company_id_driver_pk" PRIMARY KEY("company_id","driver")
);
--> statement-breakpoint
CREATE TABLE "order_targets" (
	"order_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"days_extended" integer DEFAULT 0 NOT NULL,
	"cost_minor" integer NOT NULL,
	"arrears_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_targets_order_id_vm_id_pk" PRIMARY KEY("order_id","vm_id")
);
--> statement-breakpoint
CREATE TABLE "public_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"address" text NOT NULL,
	"vm_id" integer,
	"lan_address" text,
	"host_name" text,
	"tcp_ports" integer[],
	"udp_ports" integer[],
	"assigned_at" timestamp with time zone,
	CONSTRAINT "public_addresses_company_address_unique" UNIQUE("company_id","address"),
	CONSTRAINT "public_addresses_vm_unique" UNIQUE("vm_id")
);
--> statement-breakpoint
CREATE TABLE "vm_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"hypervisor_ref" text,
	"name" text NOT NULL,
	"ram_gb" integer NOT NULL,
	"vcpus" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"duration_count" integer NOT NULL,
	"duration_type" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'creating' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_backups_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "vm_expiry_notices" (
	"vm_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_expiry_notices_vm_id_ends_at_kind_pk" PRIMARY KEY("vm_id","ends_at","kind")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "network_script_running" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "virtual_machines" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "virtual_machines" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_hypervisors" ADD CONSTRAINT "company_hypervisors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_targets" ADD CONSTRAINT "order_targets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_targets" ADD CONSTRAINT "order_targets_vm_id_virtual_machines_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."virtual_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_addresses" ADD CONSTRAINT "public_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_addresses" ADD CONSTRAINT "public_addresses_vm_id_virtual_machines_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."virtual_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_vm_id_virtual_machines_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."virtual_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_expiry_notices" ADD CONSTRAINT "vm_expiry_notices_vm_id_virtual_machines_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."virtual_machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_targets_vm_idx" ON "order_targets" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "public_addresses_free_idx" ON "public_addresses" USING btree ("company_id","id") WHERE "public_addresses"."vm_id" IS NULL;--> statement-breakpoint
CREATE INDEX "vm_backups_owner_idx" ON "vm_backups" USING btree ("company_id","customer_id","vm_id");--> statement-breakpoint
CREATE INDEX "vm_backups_expiry_idx" ON "vm_backups" USING btree ("expires_at") WHERE "vm_backups"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "virtual_machines_ends_idx" ON "virtual_machines" USING btree ("ends_at") WHERE "virtual_machines"."status" NOT IN ('deleted', 'archived', 'failed');--> statement-breakpoint
CREATE INDEX "virtual_machines_listed_idx" ON "virtual_machines" USING btree ("company_id","customer_id","created_at","id") WHERE "virtual_machines"."status" NOT IN ('deleted', 'archived');