CREATE TABLE "login_failures" (
	"company_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failures_company_id_address_key_pk" PRIMARY KEY("company_id","address_key")
);
--> statement-breakpoint
CREATE TABLE "pending_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "pending_login_id" integer;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD CONSTRAINT "pending_logins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_logins_reference_key" ON "pending_logins" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "pending_logins_customer_idx" ON "pending_logins" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_pending_login_id_pending_logins_id_fk" FOREIGN KEY ("pending_login_id") REFERENCES "public"."pending_logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_codes_pending_login_idx" ON "login_codes" USING btree ("pending_login_id","created_at");