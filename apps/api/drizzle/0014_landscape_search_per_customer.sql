CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "landscape_devices_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_ips_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_k8s_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_prefixes_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_racks_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_vms_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "landscape_devices_text_trgm_idx" ON "landscape_devices" USING gin ("customer_id",("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landscape_ips_text_trgm_idx" ON "landscape_ip_addresses" USING gin ("customer_id",("address"::text || ' ' || coalesce("dns_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landscape_k8s_text_trgm_idx" ON "landscape_kubernetes_clusters" USING gin ("customer_id",("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landscape_prefixes_text_trgm_idx" ON "landscape_prefixes" USING gin ("customer_id",("prefix"::text || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landscape_racks_text_trgm_idx" ON "landscape_racks" USING gin ("customer_id",("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "landscape_vms_text_trgm_idx" ON "landscape_virtual_machines" USING gin ("customer_id",("name" || ' ' || coalesce("dns_name", '')) gin_trgm_ops);