CREATE TABLE "portal_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Cache signals (ADR 021): every write to a row that a process may hold in a cache announces
-- the scope it belongs to on the portal_cache channel, at commit, to every process listening:
-- s:<session id>, u:<customer id>, co:<company id>. PostgreSQL delivers one copy of identical
-- payloads per transaction, so a bulk update of one customer's rows sends one signal.
CREATE FUNCTION "portal_cache_signal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> key_column; END IF;
  IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> key_column; END IF;
  IF old_key IS NOT NULL THEN PERFORM pg_notify('portal_cache', scope || ':' || old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    PERFORM pg_notify('portal_cache', scope || ':' || new_key);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- For rows that name their company through a parent: TG_ARGV = parent table, the row's column
-- holding the parent's id. The parent's company_id is the scope.
CREATE FUNCTION "portal_cache_signal_via_parent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_table text := TG_ARGV[0];
  parent_column text := TG_ARGV[1];
  parent_id text;
  company text;
BEGIN
  IF TG_OP = 'DELETE' THEN parent_id := to_jsonb(OLD) ->> parent_column;
  ELSE parent_id := to_jsonb(NEW) ->> parent_column; END IF;
  EXECUTE format('SELECT company_id::text FROM %I WHERE id = $1::integer', parent_table)
    INTO company USING parent_id;
  IF company IS NOT NULL THEN PERFORM pg_notify('portal_cache', 'co:' || company); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_signal" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('s', 'id');
--> statement-breakpoint
CREATE TRIGGER "customers_cache_signal" AFTER UPDATE OR DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'id');
--> statement-breakpoint
CREATE TRIGGER "notifications_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "saved_vms_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "saved_vms" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "orders_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "payment_transactions_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "payment_transactions" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "virtual_machines_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "virtual_machines" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "vm_backups_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "vm_backups" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('u', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER "companies_cache_signal" AFTER UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'id');
--> statement-breakpoint
CREATE TRIGGER "company_domains_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "company_domains" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "company_addresses_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "company_addresses" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "menu_items_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "menu_items" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "product_services_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "product_services" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "partner_clouds_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "partner_clouds" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "news_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "news" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "company_payment_gateways_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "company_payment_gateways" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "company_hypervisors_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "company_hypervisors" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "operating_systems_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "operating_systems" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "regions_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "regions" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "ip_types_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "ip_types" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "time_periods_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "time_periods" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "vm_products_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "vm_products" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal"('co', 'company_id');
--> statement-breakpoint
CREATE TRIGGER "vm_product_specifications_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "vm_product_specifications" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal_via_parent"('vm_products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER "vm_product_ram_cpu_rules_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "vm_product_ram_cpu_rules" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal_via_parent"('vm_products', 'product_id');
--> statement-breakpoint
CREATE TRIGGER "product_service_clouds_cache_signal" AFTER INSERT OR UPDATE OR DELETE ON "product_service_clouds" FOR EACH ROW EXECUTE FUNCTION "portal_cache_signal_via_parent"('product_services', 'product_service_id');
