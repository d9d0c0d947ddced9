-- Global search matches any part of a text through trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"cellular" text,
	"roles" text[] NOT NULL,
	"language" text NOT NULL,
	"notifications" jsonb DEFAULT '{"email":[],"chat":[]}'::jsonb NOT NULL,
	"external_note" text DEFAULT '' NOT NULL,
	"internal_note" text DEFAULT '' NOT NULL,
	"sync" text,
	"call_position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_emails" (
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "technical_emails_customer_id_email_pk" PRIMARY KEY("customer_id","email")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_emails" ADD CONSTRAINT "technical_emails_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_customer_name_idx" ON "contacts" USING btree ("customer_id","last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_customer_email_idx" ON "contacts" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- Search registrations of other domains (tickets by subject, customers by name): their trigram indexes
-- are kept here in SQL, next to the extension they need, rather than in those domains' table files.
CREATE INDEX IF NOT EXISTS "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_display_name_trgm_idx" ON "customers" USING gin ("display_name" gin_trgm_ops);