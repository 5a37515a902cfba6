CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text,
	"bypasses_payment" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT true NOT NULL,
	"currency" text NOT NULL,
	"cost_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"arrears_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"tax_basis" "tax_basis" NOT NULL,
	"charge_currency" text NOT NULL,
	"charge_total_minor" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"operating_system" text NOT NULL,
	"is_gold_copy" boolean DEFAULT false NOT NULL,
	"lines" jsonb NOT NULL,
	"region_id" integer,
	"region_name" text,
	"period_days" integer NOT NULL,
	"requires_licence" boolean DEFAULT false NOT NULL,
	"licence_path" text,
	"gateway_order_id" text,
	"status_message" text,
	"language" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"confirmation_mailed_at" timestamp with time zone,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"payment_mode" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"is_test" boolean NOT NULL,
	"receipt_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "vm_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" text DEFAULT 'awaiting-provisioning' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_requests_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "company_payment_gateways" (
	"company_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_test" boolean DEFAULT true NOT NULL,
	"base_url" text,
	"credentials" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payment_gateways_company_id_gateway_pk" PRIMARY KEY("company_id","gateway")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_vm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."vm_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_requests" ADD CONSTRAINT "vm_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payment_gateways" ADD CONSTRAINT "company_payment_gateways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_receipt_token_idx" ON "payment_transactions" USING btree ("receipt_token");