CREATE TABLE "metric_latest" (
	"server_id" text NOT NULL,
	"metric" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" real NOT NULL,
	"recent_at" timestamp with time zone[] NOT NULL,
	"recent" real[] NOT NULL,
	"mean_15m" double precision,
	CONSTRAINT "metric_latest_server_id_metric_pk" PRIMARY KEY("server_id","metric")
);
--> statement-breakpoint
CREATE INDEX "metric_latest_sustained_idx" ON "metric_latest" USING btree ("metric","mean_15m");--> statement-breakpoint
-- Updates of memory and load rows change no indexed column: with room on the page they stay there.
ALTER TABLE "metric_latest" SET (fillfactor = 50);--> statement-breakpoint
-- metric_latest follows metric_samples (docs/decisions/0016): once per statement, from the rows that
-- statement wrote, so a bulk load of millions of rows costs one grouped pass and a collector's minute
-- across thousands of servers one upsert per series. Only what the overview shows is kept (CPU,
-- memory, load); CPU keeps its samples of the 15 minutes up to the newest and their mean. Writes that
-- arrive out of order merge by time.
-- Its sort of a collector's minute (one row per series) fits in 64 MB; the default 4 MB spills to disk.
CREATE FUNCTION "metric_latest_track"() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
BEGIN
  INSERT INTO metric_latest AS l (server_id, metric, at, value, recent_at, recent, mean_15m)
  SELECT a.server_id, a.metric, n.newest, (array_agg(a.value ORDER BY a.at DESC))[1],
    coalesce(array_agg(a.at ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
    coalesce(array_agg(a.value ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
    CASE WHEN a.metric = 'cpu' THEN avg(a.value) END
  FROM added a
  JOIN (
    SELECT server_id, metric, max(at) AS newest FROM added
    WHERE metric IN ('cpu', 'memory', 'load') GROUP BY 1, 2
  ) n ON n.server_id = a.server_id AND n.metric = a.metric AND a.at > n.newest - interval '15 minutes'
  GROUP BY a.server_id, a.metric, n.newest
  ON CONFLICT (server_id, metric) DO UPDATE SET
    at = greatest(l.at, excluded.at),
    value = CASE WHEN excluded.at >= l.at THEN excluded.value ELSE l.value END,
    (recent_at, recent, mean_15m) = (
      SELECT coalesce(array_agg(u.t ORDER BY u.t), '{}'), coalesce(array_agg(u.v ORDER BY u.t), '{}'),
        CASE WHEN l.metric = 'cpu' THEN avg(u.v) END
      FROM unnest(l.recent_at || excluded.recent_at, l.recent || excluded.recent) AS u(t, v)
      WHERE u.t > greatest(l.at, excluded.at) - interval '15 minutes');
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A deleted newest sample (a series removed, a test cleaning up) makes its series' row be read again
-- from what is left, one series at a time; retention, which deletes old samples, leaves the rows alone.
CREATE FUNCTION "metric_latest_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM metric_latest;
    RETURN NULL;
  END IF;
  FOR gone IN
    DELETE FROM metric_latest l USING (SELECT DISTINCT server_id, metric, at FROM removed) r
    WHERE r.server_id = l.server_id AND r.metric = l.metric AND r.at = l.at
    RETURNING l.server_id, l.metric
  LOOP
    INSERT INTO metric_latest (server_id, metric, at, value, recent_at, recent, mean_15m)
    SELECT a.server_id, a.metric, n.newest, (array_agg(a.value ORDER BY a.at DESC))[1],
      coalesce(array_agg(a.at ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
      coalesce(array_agg(a.value ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
      CASE WHEN a.metric = 'cpu' THEN avg(a.value) END
    FROM metric_samples a
    JOIN (
      SELECT max(at) AS newest FROM metric_samples WHERE server_id = gone.server_id AND metric = gone.metric
    ) n ON a.at > n.newest - interval '15 minutes' AND a.at <= n.newest
    WHERE a.server_id = gone.server_id AND a.metric = gone.metric
    GROUP BY a.server_id, a.metric, n.newest;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "metric_latest_added" AFTER INSERT ON "metric_samples"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "metric_latest_track"();--> statement-breakpoint
CREATE TRIGGER "metric_latest_removed" AFTER DELETE ON "metric_samples"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "metric_latest_forget"();--> statement-breakpoint
CREATE TRIGGER "metric_latest_emptied" AFTER TRUNCATE ON "metric_samples"
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_latest_forget"();--> statement-breakpoint
-- The samples stored before this migration: the same pass over the whole table, once.
INSERT INTO metric_latest (server_id, metric, at, value, recent_at, recent, mean_15m)
SELECT a.server_id, a.metric, n.newest, (array_agg(a.value ORDER BY a.at DESC))[1],
  coalesce(array_agg(a.at ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
  coalesce(array_agg(a.value ORDER BY a.at) FILTER (WHERE a.metric = 'cpu'), '{}'),
  CASE WHEN a.metric = 'cpu' THEN avg(a.value) END
FROM metric_samples a
JOIN (
  SELECT server_id, metric, max(at) AS newest FROM metric_samples
  WHERE metric IN ('cpu', 'memory', 'load') GROUP BY 1, 2
) n ON n.server_id = a.server_id AND n.metric = a.metric AND a.at > n.newest - interval '15 minutes'
GROUP BY a.server_id, a.metric, n.newest;
