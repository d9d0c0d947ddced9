CREATE TABLE "metric_rollups" (
	"server_id" text NOT NULL,
	"metric" text NOT NULL,
	"seconds" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"newest" timestamp with time zone NOT NULL,
	CONSTRAINT "metric_rollups_server_id_metric_seconds_bucket_pk" PRIMARY KEY("server_id","metric","seconds","bucket")
);
--> statement-breakpoint
-- metric_rollups follows metric_samples (docs/decisions/0018) as metric_latest does: once per statement,
-- from the rows that statement wrote, grouped into their 5-minute buckets and those into their 15-minute
-- ones, merged into the stored ones; so a bulk load costs one grouped pass and a collector's minute two
-- upserts per series. Written in key order: a bulk load leaves each series' buckets together on disk.
CREATE FUNCTION "metric_rollups_add"() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
BEGIN
  WITH five AS (
    SELECT server_id, metric, date_bin('5 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS bucket,
      min(value) AS min, max(value) AS max, sum(value::float8) AS sum, count(*) AS count, max(at) AS newest
    FROM added
    GROUP BY 1, 2, 3
  )
  INSERT INTO metric_rollups AS r (server_id, metric, seconds, bucket, min, max, sum, count, newest)
  SELECT server_id, metric, 300, bucket, min, max, sum, count, newest FROM five
  UNION ALL
  SELECT server_id, metric, 900, date_bin('15 minutes', bucket, timestamptz '1970-01-01 00:00:00+00'),
    min(min), max(max), sum(sum), sum(count), max(newest)
  FROM five
  GROUP BY 1, 2, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (server_id, metric, seconds, bucket) DO UPDATE SET
    min = least(r.min, excluded.min),
    max = greatest(r.max, excluded.max),
    sum = r.sum + excluded.sum,
    count = r.count + excluded.count,
    newest = greatest(r.newest, excluded.newest);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deleted or changed samples: their 5-minute buckets are counted again from the samples left in them (a
-- min or a max cannot be taken back), reading each touched series once over the span of its touched
-- buckets, and their 15-minute buckets from those. A bucket left without samples goes. TRUNCATE empties
-- the table.
CREATE FUNCTION "metric_rollups_recount"() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
DECLARE
  ids text[];
  metrics text[];
  buckets timestamptz[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM metric_rollups;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(t.server_id), array_agg(t.metric), array_agg(t.bucket) INTO ids, metrics, buckets
    FROM (
      SELECT server_id, metric, date_bin('5 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS bucket
      FROM removed
      UNION
      SELECT server_id, metric, date_bin('5 minutes', at, timestamptz '1970-01-01 00:00:00+00') FROM added
    ) t;
  ELSE
    SELECT array_agg(t.server_id), array_agg(t.metric), array_agg(t.bucket) INTO ids, metrics, buckets
    FROM (
      SELECT DISTINCT server_id, metric, date_bin('5 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS bucket
      FROM removed
    ) t;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM metric_rollups r
  USING unnest(ids, metrics, buckets) AS t(server_id, metric, bucket)
  WHERE r.server_id = t.server_id AND r.metric = t.metric AND r.seconds = 300 AND r.bucket = t.bucket;
  DELETE FROM metric_rollups r
  USING (
    SELECT DISTINCT t.server_id, t.metric, date_bin('15 minutes', t.bucket, timestamptz '1970-01-01 00:00:00+00') AS bucket
    FROM unnest(ids, metrics, buckets) AS t(server_id, metric, bucket)
  ) q
  WHERE r.server_id = q.server_id AND r.metric = q.metric AND r.seconds = 900 AND r.bucket = q.bucket;
  INSERT INTO metric_rollups (server_id, metric, seconds, bucket, min, max, sum, count, newest)
  SELECT s.server_id, s.metric, 300, date_bin('5 minutes', s.at, timestamptz '1970-01-01 00:00:00+00'),
    min(s.value), max(s.value), sum(s.value::float8), count(*), max(s.at)
  FROM (
    SELECT t.server_id, t.metric, min(t.bucket) AS lo, max(t.bucket) AS hi
    FROM unnest(ids, metrics, buckets) AS t(server_id, metric, bucket)
    GROUP BY 1, 2
  ) span
  JOIN metric_samples s ON s.server_id = span.server_id AND s.metric = span.metric
    AND s.at >= span.lo AND s.at < span.hi + interval '5 minutes'
  WHERE (s.server_id, s.metric, date_bin('5 minutes', s.at, timestamptz '1970-01-01 00:00:00+00'))
    IN (SELECT * FROM unnest(ids, metrics, buckets))
  GROUP BY 1, 2, 4
  ORDER BY 1, 2, 4;
  INSERT INTO metric_rollups (server_id, metric, seconds, bucket, min, max, sum, count, newest)
  SELECT r.server_id, r.metric, 900, q.bucket, min(r.min), max(r.max), sum(r.sum), sum(r.count), max(r.newest)
  FROM (
    SELECT DISTINCT t.server_id, t.metric, date_bin('15 minutes', t.bucket, timestamptz '1970-01-01 00:00:00+00') AS bucket
    FROM unnest(ids, metrics, buckets) AS t(server_id, metric, bucket)
  ) q
  JOIN metric_rollups r ON r.server_id = q.server_id AND r.metric = q.metric AND r.seconds = 300
    AND r.bucket >= q.bucket AND r.bucket < q.bucket + interval '15 minutes'
  GROUP BY 1, 2, 4
  ORDER BY 1, 2, 4;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "metric_rollups_added" AFTER INSERT ON "metric_samples"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "metric_rollups_add"();--> statement-breakpoint
CREATE TRIGGER "metric_rollups_removed" AFTER DELETE ON "metric_samples"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "metric_rollups_recount"();--> statement-breakpoint
CREATE TRIGGER "metric_rollups_changed" AFTER UPDATE ON "metric_samples"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "metric_rollups_recount"();--> statement-breakpoint
CREATE TRIGGER "metric_rollups_emptied" AFTER TRUNCATE ON "metric_samples"
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_rollups_recount"();--> statement-breakpoint
-- The samples stored before this migration: the same grouping over the whole table, once.
WITH five AS (
  SELECT server_id, metric, date_bin('5 minutes', at, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    min(value) AS min, max(value) AS max, sum(value::float8) AS sum, count(*) AS count, max(at) AS newest
  FROM metric_samples
  GROUP BY 1, 2, 3
)
INSERT INTO metric_rollups (server_id, metric, seconds, bucket, min, max, sum, count, newest)
SELECT server_id, metric, 300, bucket, min, max, sum, count, newest FROM five
UNION ALL
SELECT server_id, metric, 900, date_bin('15 minutes', bucket, timestamptz '1970-01-01 00:00:00+00'),
  min(min), max(max), sum(sum), sum(count), max(newest)
FROM five
GROUP BY 1, 2, 4
ORDER BY 1, 2, 3, 4;
