CREATE TABLE "saved_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "assignment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_reply_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "desk_due_at" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_replies_language_title_idx" ON "saved_replies" USING btree ("language","title","id");--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_desk_queue_idx" ON "tickets" USING btree ("desk_due_at","id") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_assignee_queue_idx" ON "tickets" USING btree ("assignee_id","desk_due_at","id") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
-- Existing tickets: who wrote last (staff hold global roles), and when the desk's answer is due for those the customer wrote last (the default response targets: priority 1 one hour, 2 four hours, 3 one day).
UPDATE "tickets" t SET "last_reply_staff" = coalesce((
  SELECT cardinality(u."global_roles") > 0 FROM "ticket_messages" m JOIN "users" u ON u."id" = m."author_id"
  WHERE m."ticket_id" = t."id" AND NOT m."internal" AND m."body" <> '' ORDER BY m."id" DESC LIMIT 1), false);--> statement-breakpoint
UPDATE "tickets" SET "desk_due_at" = "updated_at" + make_interval(mins => CASE "priority" WHEN 1 THEN 60 WHEN 2 THEN 240 ELSE 1440 END)
WHERE "status" <> 'closed' AND NOT "last_reply_staff";
