DROP INDEX "contacts_customer_name_idx";--> statement-breakpoint
CREATE INDEX "contacts_customer_name_idx" ON "contacts" USING btree ("customer_id",lower("last_name"),lower("first_name"),"id");