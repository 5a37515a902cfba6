CREATE TABLE "virtual_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"alias_name" text,
	"operating_system" text NOT NULL,
	"service_type" text NOT NULL,
	"driver" text NOT NULL,
	"machine_uuid" text,
	"private_address" text,
	"public_address" text,
	"status" text DEFAULT 'provisioning' NOT NULL,
	"ram_gb" integer NOT NULL,
	"vcpus" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"period_days" integer NOT NULL,
	"is_gold_copy" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_clone" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"provisioning_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_machines_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "virtual_machines" ADD CONSTRAINT "virtual_machines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_machines" ADD CONSTRAINT "virtual_machines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_machines" ADD CONSTRAINT "virtual_machines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virtual_machines_customer_idx" ON "virtual_machines" USING btree ("company_id","customer_id","status","id");