CREATE TABLE "application_check_hours" (
	"application_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"up" integer NOT NULL,
	"down" integer NOT NULL,
	"latency_sum" double precision NOT NULL,
	"latency_count" integer NOT NULL,
	CONSTRAINT "application_check_hours_application_id_hour_pk" PRIMARY KEY("application_id","hour")
);
--> statement-breakpoint
ALTER TABLE "application_check_hours" ADD CONSTRAINT "application_check_hours_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- application_check_hours follows application_checks (docs/decisions/0031) as metric_rollups follows
-- metric_samples: once per statement, from the rows that statement wrote, grouped by application and
-- UTC hour and merged into the stored hours. The prober's check is one upsert.
CREATE FUNCTION "application_check_hours_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_check_hours AS h (application_id, hour, up, down, latency_sum, latency_count)
  SELECT application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00'),
    count(*) FILTER (WHERE state = 'up'), count(*) FILTER (WHERE state = 'down'),
    coalesce(sum(latency_ms), 0), count(latency_ms)
  FROM added
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (application_id, hour) DO UPDATE SET
    up = h.up + excluded.up,
    down = h.down + excluded.down,
    latency_sum = h.latency_sum + excluded.latency_sum,
    latency_count = h.latency_count + excluded.latency_count;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deleted or changed checks: their hours are counted again from the checks left in them; an hour left
-- without checks goes. TRUNCATE empties the table.
CREATE FUNCTION "application_check_hours_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  hours timestamptz[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM application_check_hours;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(t.application_id), array_agg(t.hour) INTO ids, hours
    FROM (
      SELECT application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00') AS hour FROM removed
      UNION
      SELECT application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00') FROM added
    ) t;
  ELSE
    SELECT array_agg(t.application_id), array_agg(t.hour) INTO ids, hours
    FROM (
      SELECT DISTINCT application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00') AS hour
      FROM removed
    ) t;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM application_check_hours h
  USING unnest(ids, hours) AS t(application_id, hour)
  WHERE h.application_id = t.application_id AND h.hour = t.hour;
  INSERT INTO application_check_hours (application_id, hour, up, down, latency_sum, latency_count)
  SELECT t.application_id, t.hour,
    count(*) FILTER (WHERE c.state = 'up'), count(*) FILTER (WHERE c.state = 'down'),
    coalesce(sum(c.latency_ms), 0), count(c.latency_ms)
  FROM unnest(ids, hours) AS t(application_id, hour)
  JOIN application_checks c ON c.application_id = t.application_id
    AND c.at >= t.hour AND c.at < t.hour + interval '1 hour'
  GROUP BY 1, 2
  ORDER BY 1, 2;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "application_check_hours_added" AFTER INSERT ON "application_checks"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "application_check_hours_add"();--> statement-breakpoint
CREATE TRIGGER "application_check_hours_removed" AFTER DELETE ON "application_checks"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "application_check_hours_recount"();--> statement-breakpoint
CREATE TRIGGER "application_check_hours_changed" AFTER UPDATE ON "application_checks"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "application_check_hours_recount"();--> statement-breakpoint
CREATE TRIGGER "application_check_hours_emptied" AFTER TRUNCATE ON "application_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION "application_check_hours_recount"();--> statement-breakpoint
-- The checks stored before this migration: the same grouping over the whole table, once.
INSERT INTO application_check_hours (application_id, hour, up, down, latency_sum, latency_count)
SELECT application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00'),
  count(*) FILTER (WHERE state = 'up'), count(*) FILTER (WHERE state = 'down'),
  coalesce(sum(latency_ms), 0), count(latency_ms)
FROM application_checks
GROUP BY 1, 2
ORDER BY 1, 2;
