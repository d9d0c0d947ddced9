CREATE TABLE "application_checks" (
	"application_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"latency_ms" integer,
	"http_status" smallint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"expected_status" smallint DEFAULT 200 NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"uptime_target" numeric(5, 2) DEFAULT '99.90' NOT NULL,
	"state" text,
	"state_since" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"checking_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "maintenance_windows_order" CHECK ("maintenance_windows"."ends_at" > "maintenance_windows"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"display_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_customer_display_id_key" UNIQUE("customer_id","display_id")
);
--> statement-breakpoint
CREATE TABLE "usage_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"period" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text NOT NULL,
	"unit" text NOT NULL,
	"usage_type" text NOT NULL,
	"period_start_amount" double precision NOT NULL,
	"remaining_amount" double precision NOT NULL,
	"used_amount" double precision NOT NULL,
	"overusage_amount" double precision DEFAULT 0 NOT NULL,
	"renews" boolean DEFAULT false NOT NULL,
	"rate" text DEFAULT '0.00' NOT NULL,
	CONSTRAINT "usage_entries_bundle_key" UNIQUE("customer_id","period","usage_type","subtype")
);
--> statement-breakpoint
ALTER TABLE "application_checks" ADD CONSTRAINT "application_checks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_entries" ADD CONSTRAINT "usage_entries_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_checks_app_at_idx" ON "application_checks" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "application_events_app_at_idx" ON "application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "applications_customer_idx" ON "applications" USING btree ("customer_id","name","id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_app_idx" ON "maintenance_windows" USING btree ("application_id","starts_at");--> statement-breakpoint
CREATE INDEX "reports_customer_period_idx" ON "reports" USING btree ("customer_id","period","kind");