-- The landscape's trigram indexes lead with customer_id::bigint instead of customer_id: only a condition
-- written the same way reaches them, never the btree indexes that lead with customer_id, so the global
-- search's generic plan reads every kind through its trigram index and is planned once per connection
-- (landscape.repo.ts TEXT_INDEX_CUSTOMER, decision 0040).
DROP INDEX "landscape_devices_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_ips_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_k8s_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_prefixes_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_racks_text_trgm_idx";--> statement-breakpoint
DROP INDEX "landscape_vms_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "landscape_devices_text_trgm_idx" ON "landscape_devices" USING gin (("customer_id"::bigint),("name") gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "landscape_ips_text_trgm_idx" ON "landscape_ip_addresses" USING gin (("customer_id"::bigint),("address"::text || ' ' || coalesce("dns_name", '')) gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "landscape_k8s_text_trgm_idx" ON "landscape_kubernetes_clusters" USING gin (("customer_id"::bigint),("name") gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "landscape_prefixes_text_trgm_idx" ON "landscape_prefixes" USING gin (("customer_id"::bigint),("prefix"::text || ' ' || coalesce("description", '')) gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "landscape_racks_text_trgm_idx" ON "landscape_racks" USING gin (("customer_id"::bigint),("name") gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "landscape_vms_text_trgm_idx" ON "landscape_virtual_machines" USING gin (("customer_id"::bigint),("name" || ' ' || coalesce("dns_name", '')) gin_trgm_ops) WITH (gin_pending_list_limit=128);