ALTER TABLE "maintenance_windows" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "application_checks" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "application_checks" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_text" CHECK ("maintenance_windows"."kind" is not null or "maintenance_windows"."description" is not null);--> statement-breakpoint
-- The prober's English sentences become codes with parameters, worded per reader (docs/decisions/0009).
UPDATE "application_checks" SET "reason_code" = CASE
    WHEN "error" ~ '^HTTP \d+ instead of \d+$' THEN 'unexpected_status'
    WHEN "error" ~ '^No answer within \d+ ms$' THEN 'timeout'
    WHEN "error" = 'ECONNREFUSED' THEN 'connection_refused'
    WHEN "error" IN ('ENOTFOUND', 'EAI_AGAIN') THEN 'host_not_found'
    WHEN "error" IN ('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED') THEN 'connection_lost'
    ELSE 'network' END,
  "reason_params" = CASE
    WHEN "error" ~ '^HTTP \d+ instead of \d+$' THEN jsonb_build_object(
      'status', (regexp_match("error", '^HTTP (\d+) instead of (\d+)$'))[1]::int,
      'expected', (regexp_match("error", '^HTTP (\d+) instead of (\d+)$'))[2]::int)
    WHEN "error" ~ '^No answer within \d+ ms$' THEN jsonb_build_object(
      'timeout_ms', (regexp_match("error", '^No answer within (\d+) ms$'))[1]::int)
    WHEN "error" IN ('ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED') THEN '{}'::jsonb
    ELSE jsonb_build_object('detail', "error") END
  WHERE "error" IS NOT NULL;--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = CASE
    WHEN "error" ~ '^HTTP \d+ instead of \d+$' THEN 'unexpected_status'
    WHEN "error" ~ '^No answer within \d+ ms$' THEN 'timeout'
    WHEN "error" = 'ECONNREFUSED' THEN 'connection_refused'
    WHEN "error" IN ('ENOTFOUND', 'EAI_AGAIN') THEN 'host_not_found'
    WHEN "error" IN ('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED') THEN 'connection_lost'
    ELSE 'network' END,
  "reason_params" = CASE
    WHEN "error" ~ '^HTTP \d+ instead of \d+$' THEN jsonb_build_object(
      'status', (regexp_match("error", '^HTTP (\d+) instead of (\d+)$'))[1]::int,
      'expected', (regexp_match("error", '^HTTP (\d+) instead of (\d+)$'))[2]::int)
    WHEN "error" ~ '^No answer within \d+ ms$' THEN jsonb_build_object(
      'timeout_ms', (regexp_match("error", '^No answer within (\d+) ms$'))[1]::int)
    WHEN "error" IN ('ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED') THEN '{}'::jsonb
    ELSE jsonb_build_object('detail', "error") END
  WHERE "error" IS NOT NULL;--> statement-breakpoint
-- The demo's two-language maintenance text becomes a kind, worded per reader.
UPDATE "maintenance_windows" SET "kind" = 'monthly', "description" = NULL
  WHERE "description" = 'Maandelijks onderhoud / monthly maintenance';--> statement-breakpoint
ALTER TABLE "application_checks" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "application_events" DROP COLUMN "error";
