ALTER TABLE "users" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "action_stamp" text;--> statement-breakpoint
-- Logins from before this column are taken as signed in: the portal cannot tell which of them ever
-- did, and showing a colleague who has used the portal for years as "invited" would be wrong.
UPDATE "users" SET "signed_in_at" = "created_at";
