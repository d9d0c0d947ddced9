CREATE TABLE "contract_rules" (
	"contract_id" text NOT NULL,
	"position" smallint NOT NULL,
	"product" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(16, 4) NOT NULL,
	"recurring" boolean NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "contract_rules_contract_id_position_pk" PRIMARY KEY("contract_id","position")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"description" text NOT NULL,
	"recurring" boolean NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"renewal_date" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"monthly_costs" numeric(14, 2) NOT NULL,
	"one_off_costs" numeric(14, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"payment_period" text NOT NULL,
	"iban" text,
	"bic" text,
	"account_holder" text,
	"po_number" text,
	"term_start_date" date NOT NULL,
	"term_extension_months" integer NOT NULL,
	"term_payment_days" integer NOT NULL,
	"end_requested_at" timestamp with time zone,
	"end_request_ticket_id" bigint,
	"renewal_notified_for" date,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(16, 4) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"period_start" date,
	"period_end" date,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_date" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payment_reference" text NOT NULL,
	"contract_id" text,
	"net_amount" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_due" numeric(14, 2) NOT NULL,
	"written_off" boolean DEFAULT false NOT NULL,
	"source_hash" text NOT NULL,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "contract_rules" ADD CONSTRAINT "contract_rules_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_customer_start_idx" ON "contracts" USING btree ("customer_id","start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contracts_renewal_idx" ON "contracts" USING btree ("renewal_date");--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_customer_number_idx" ON "invoices" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "invoices_overdue_sweep_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."amount_due" > 0 and not "invoices"."written_off" and "invoices"."overdue_notified_at" is null;