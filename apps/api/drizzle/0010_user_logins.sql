ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "idp_stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_idp_stale_idx" ON "users" USING btree ("id") WHERE "users"."idp_stale";