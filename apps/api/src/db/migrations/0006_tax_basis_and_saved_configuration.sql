CREATE TYPE "public"."tax_basis" AS ENUM('beforeDiscount', 'afterDiscount');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_basis" "tax_basis" DEFAULT 'beforeDiscount' NOT NULL;--> statement-breakpoint
-- Saved items saved more than once before the constraint: keep each configuration's latest save.
DELETE FROM "saved_vms" AS "older" USING "saved_vms" AS "newer"
WHERE "older"."customer_id" = "newer"."customer_id"
  AND "older"."product_id" = "newer"."product_id"
  AND "older"."memory_count" = "newer"."memory_count"
  AND "older"."drive_count" = "newer"."drive_count"
  AND "older"."processor_count" = "newer"."processor_count"
  AND "older"."time_period_days" = "newer"."time_period_days"
  AND "older"."region_id" IS NOT DISTINCT FROM "newer"."region_id"
  AND "older"."id" < "newer"."id";--> statement-breakpoint
ALTER TABLE "saved_vms" ADD CONSTRAINT "saved_vms_configuration_key" UNIQUE NULLS NOT DISTINCT("customer_id","product_id","memory_count","drive_count","processor_count","time_period_days","region_id");