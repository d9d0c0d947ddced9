CREATE TABLE "mailing_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mailing_id" integer NOT NULL,
	"contact_id" integer,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mail_id" bigint,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label" text NOT NULL,
	"sender" text NOT NULL,
	"subject_en" text NOT NULL,
	"subject_nl" text NOT NULL,
	"body_en" text NOT NULL,
	"body_nl" text NOT NULL,
	"query" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_mailing_email_idx" ON "mailing_deliveries" USING btree ("mailing_id","email");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_pending_idx" ON "mailing_deliveries" USING btree ("mailing_id","id") WHERE "mailing_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mailings_created_idx" ON "mailings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);