-- The global search within one customer (btree_gin with pg_trgm, as the landscape's since 0014): ticket
-- subjects, contacts' names and addresses, and invoice numbers by their digits. Every search trigram
-- index keeps a short pending list (db/search-index.ts): a scan reads all of it.
DROP INDEX IF EXISTS "tickets_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "invoices_number_digits_trgm_idx" ON "invoices" USING gin ("customer_id",(regexp_replace("number", '\D', '', 'g')) gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin ("customer_id",("subject") gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("customer_id",("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_devices_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_ips_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_k8s_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_prefixes_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_racks_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "landscape_vms_text_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
-- The staff's company search (kept in SQL since 0009).
ALTER INDEX IF EXISTS "customers_display_name_trgm_idx" SET (gin_pending_list_limit=128);
