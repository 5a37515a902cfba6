CREATE TABLE "simulated_create_faults" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_machines" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent_uuid" uuid,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"ram_gb" integer NOT NULL,
	"vcpus" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"added_disks_gb" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"private_address" text,
	"state" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_restored" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"operation" text,
	"operation_target" text,
	"operation_ends_at" timestamp with time zone,
	"operation_changes" jsonb,
	"operation_failure" text,
	"pending_fault" jsonb,
	"console_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_machines_added_disks_max" CHECK (jsonb_array_length("simulated_machines"."added_disks_gb") <= 2)
);
--> statement-breakpoint
ALTER TABLE "simulated_create_faults" ADD CONSTRAINT "simulated_create_faults_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_machines" ADD CONSTRAINT "simulated_machines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_machines_company_address_key" ON "simulated_machines" USING btree ("company_id","private_address");--> statement-breakpoint
CREATE INDEX "simulated_machines_parent_idx" ON "simulated_machines" USING btree ("parent_uuid");