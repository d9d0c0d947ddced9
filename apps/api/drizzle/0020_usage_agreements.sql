CREATE TABLE "agreement_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"new_total" numeric(14, 2) NOT NULL,
	"renewal" boolean DEFAULT false NOT NULL,
	"comment" text NOT NULL,
	"by_user_id" text NOT NULL,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"unit" text DEFAULT 'hours' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"po_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_customer_key" UNIQUE("customer_id"),
	CONSTRAINT "agreements_total_not_negative" CHECK ("agreements"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agreement_changes" ADD CONSTRAINT "agreement_changes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_changes_customer_created_idx" ON "agreement_changes" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);