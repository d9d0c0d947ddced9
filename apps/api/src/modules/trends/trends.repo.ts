import {
  COARSE_ROLLUP_SECONDS,
  graphMetrics,
  type MetricName,
  ROLLUP_SECONDS,
  type ServerLoad,
  type TrendSeries,
} from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import {
  bucketStarts,
  CURRENT_WINDOW_SECONDS,
  emptyPoints,
  type MetricServer,
  type MetricsSource,
  round2,
  type SeriesRequest,
  type SustainedRequest,
} from './metrics-source.ts';

/**
 * One row per series and bucket: date_bin from the first bucket's start, min, max and mean of the
 * samples. The bench's bare baseline runs a copy (bench/bare-server.ts; bench/trends-suite.ts checks the
 * two are equal). $1 step in seconds, $2 first bucket's start (Unix seconds), $3 server ids,
 * $4 metrics, $5 end (exclusive). Reals are read as float8, here and below: the text of a real is
 * its shortest decimal (18.605 for 18.60499954…), which can round to the other side of a cent than
 * the stored value itself does, as the demo series (Math.fround) and Prometheus' float64 round it.
 */
export const TRENDS_BUCKETS_SQL = `
  select server_id, metric, extract(epoch from bucket)::bigint::text as t, min, max, mean
  from (
    select server_id, metric, date_bin(make_interval(secs => $1::int), at, to_timestamp($2::bigint)) as bucket,
      min(value)::float8 as min, max(value)::float8 as max, avg(value) as mean
    from metric_samples
    where server_id = any($3::text[]) and metric = any($4::text[])
      and at >= to_timestamp($2::bigint) and at < $5::timestamptz
    group by 1, 2, 3
  ) buckets`;

/**
 * The same rows from metric_rollups (decision 0018), for buckets of whole rollups ($6: 300 or 900 s)
 * from a boundary of them: each bucket is the min, max and sum / count of its rollups, a fifth or a
 * fifteenth of the rows and no sample. The rollup that the end cuts is taken whole when its newest
 * sample lies before the end (as when the range ends now); otherwise its samples before the end are
 * read. $1–$5 as TRENDS_BUCKETS_SQL; the bare baseline runs a copy.
 */
export const TRENDS_ROLLUP_BUCKETS_SQL = `
  select server_id, metric, extract(epoch from bucket)::bigint::text as t,
    min(min)::float8 as min, max(max)::float8 as max, sum(sum) / sum(count)::float8 as mean
  from (
    select server_id, metric, date_bin(make_interval(secs => $1::int), bucket, to_timestamp($2::bigint)) as bucket,
      min, max, sum, count
    from metric_rollups
    where server_id = any($3::text[]) and metric = any($4::text[]) and seconds = $6::int
      and bucket >= to_timestamp($2::bigint) and bucket < $5::timestamptz
      and (bucket <= $5::timestamptz - make_interval(secs => $6::int) or newest < $5::timestamptz)
    union all
    select s.server_id, s.metric, date_bin(make_interval(secs => $1::int), s.at, to_timestamp($2::bigint)),
      s.value, s.value, s.value, 1
    from metric_rollups r
    join metric_samples s on s.server_id = r.server_id and s.metric = r.metric
      and s.at >= r.bucket and s.at < $5::timestamptz
    where r.server_id = any($3::text[]) and r.metric = any($4::text[]) and r.seconds = $6::int
      and r.bucket >= to_timestamp($2::bigint) and r.bucket < $5::timestamptz
      and r.bucket > $5::timestamptz - make_interval(secs => $6::int) and r.newest >= $5::timestamptz
  ) parts
  group by server_id, metric, bucket`;

/** The rollups that answer a grid's buckets whole (the coarsest), or null when none do. */
export function rollupSeconds(start: number, stepSeconds: number): number | null {
  for (const size of [COARSE_ROLLUP_SECONDS, ROLLUP_SECONDS]) {
    if (start % size === 0 && stepSeconds % size === 0) return size;
  }
  return null;
}

/**
 * The newest CPU, memory and load of each server when measured in the last minutes, and the mean CPU
 * of the 15 minutes up to its newest sample (`cpu_15m`, sustained load, see serverAttention): one
 * primary-key read per series in metric_latest (decision 0016). $1 server ids, $2 window in seconds.
 */
const LATEST = `
  select server_id, metric, at::text as at, value::float8 as value, mean_15m
  from metric_latest
  where server_id = any($1::text[]) and metric in ('cpu', 'memory', 'load')
    and at > now() - make_interval(secs => $2::int) and at <= now()`;

/**
 * Every server measured in the last minutes whose sustained CPU is at least $1 %, by the index on
 * (metric, mean_15m), with its newest memory and load: no list of servers needed. The table holds no
 * customer: the trends service keeps the customer's servers. $2 window in seconds.
 */
const SUSTAINED = `
  select l.server_id, l.metric, l.at::text as at, l.value::float8 as value, l.mean_15m
  from metric_latest c
  join metric_latest l on l.server_id = c.server_id and l.metric in ('cpu', 'memory', 'load')
    and l.at > now() - make_interval(secs => $2::int) and l.at <= now()
  where c.metric = 'cpu' and c.mean_15m >= $1::float8
    and c.at > now() - make_interval(secs => $2::int) and c.at <= now()`;

interface BucketRow extends Record<string, unknown> {
  server_id: string;
  metric: MetricName;
  t: string;
  min: number;
  max: number;
  mean: number;
}

interface LatestRow extends Record<string, unknown> {
  server_id: string;
  metric: 'cpu' | 'memory' | 'load';
  at: string;
  value: number;
  mean_15m: number;
}

/** Latest rows as loads by server: the newest of the server's samples gives `at`. */
function loadsOf(rows: LatestRow[]): Map<string, ServerLoad> {
  const loads = new Map<string, ServerLoad>();
  for (const row of rows) {
    const at = new Date(row.at).toISOString();
    const load = loads.get(row.server_id) ?? { at, cpu: null, memory: null, load: null, cpu_15m: null };
    if (at > load.at) load.at = at;
    load[row.metric] = round2(Number(row.value));
    if (row.metric === 'cpu') load.cpu_15m = round2(Number(row.mean_15m));
    loads.set(row.server_id, load);
  }
  return loads;
}

/**
 * The database metrics source: `metric_samples`, bucketed by PostgreSQL (`date_bin`, min, max and mean
 * per bucket), so at most one row per series and bucket leaves the database; buckets of whole 5
 * minutes from `metric_rollups`. The table holds no
 * customer; the service passes only servers it has found in the customer's landscape.
 */
export function createDatabaseMetrics(db: Database): MetricsSource {
  // node-postgres directly: it sends a JS array as one PostgreSQL array parameter.
  const client = db.$client;
  return {
    usesTenant: false,

    async series({ servers, graph, from, to, stepSeconds }: SeriesRequest) {
      const timestamps = bucketStarts(from, to, stepSeconds);
      const metrics = graphMetrics[graph];
      const ids = servers.map((server) => server.id);
      const start = timestamps[0] ?? Math.floor(from.getTime() / 1000);
      const values = [stepSeconds, start, ids, metrics, to.toISOString()];
      const rollup = rollupSeconds(start, stepSeconds);
      const result = await (rollup === null
        ? client.query<BucketRow>(TRENDS_BUCKETS_SQL, values)
        : client.query<BucketRow>(TRENDS_ROLLUP_BUCKETS_SQL, [...values, rollup]));
      const byKey = new Map<string, TrendSeries>();
      const series: TrendSeries[] = [];
      for (const id of ids) {
        for (const metric of metrics) {
          const entry: TrendSeries = {
            server_id: id,
            metric,
            values: emptyPoints(timestamps.length),
            min: emptyPoints(timestamps.length),
            max: emptyPoints(timestamps.length),
          };
          byKey.set(`${id}\n${metric}`, entry);
          series.push(entry);
        }
      }
      for (const row of result.rows) {
        const entry = byKey.get(`${row.server_id}\n${row.metric}`);
        const index = Math.round((Number(row.t) - start) / stepSeconds);
        if (!entry || index < 0 || index >= timestamps.length) continue;
        entry.values[index] = round2(Number(row.mean));
        entry.min[index] = round2(Number(row.min));
        entry.max[index] = round2(Number(row.max));
      }
      return { timestamps, series };
    },

    async current(servers: MetricServer[]) {
      const ids = servers.map((server) => server.id);
      if (ids.length === 0) return new Map<string, ServerLoad>();
      return loadsOf((await client.query<LatestRow>(LATEST, [ids, CURRENT_WINDOW_SECONDS])).rows);
    },

    async sustained({ percent }: SustainedRequest) {
      return loadsOf((await client.query<LatestRow>(SUSTAINED, [percent, CURRENT_WINDOW_SECONDS])).rows);
    },
  };
}
