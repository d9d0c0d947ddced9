import { graphMetrics, type MetricName, type ServerLoad, type TrendSeries } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import {
  bucketStarts,
  CURRENT_WINDOW_SECONDS,
  emptyPoints,
  type MetricServer,
  type MetricsSource,
  round2,
  type SeriesRequest,
} from './metrics-source.ts';

/**
 * One row per series and bucket: date_bin from the first bucket's start, min, max and mean. The bench's
 * bare baseline runs a copy (bench/bare-server.ts; bench/trends-suite.ts checks the two are equal).
 */
export const TRENDS_BUCKETS_SQL = `
  select server_id, metric, extract(epoch from bucket)::bigint::text as t, min, max, mean
  from (
    select server_id, metric, date_bin(make_interval(secs => $1::int), at, to_timestamp($2::bigint)) as bucket,
      min(value) as min, max(value) as max, avg(value) as mean
    from metric_samples
    where server_id = any($3::text[]) and metric = any($4::text[])
      and at >= to_timestamp($2::bigint) and at < $5::timestamptz
    group by 1, 2, 3
  ) buckets`;

/**
 * The newest CPU, memory and load sample of each server in the last minutes, and the mean CPU over
 * those minutes as metric `cpu_15m` (sustained load, see serverAttention).
 */
const LATEST = `
  select * from (
    select distinct on (server_id, metric) server_id, metric, at::text as at, value
    from metric_samples
    where server_id = any($1::text[]) and metric in ('cpu', 'memory', 'load')
      and at > now() - make_interval(secs => $2::int) and at <= now()
    order by server_id, metric, at desc
  ) latest
  union all
  select server_id, 'cpu_15m', max(at)::text, avg(value)
  from metric_samples
  where server_id = any($1::text[]) and metric = 'cpu'
    and at > now() - make_interval(secs => $2::int) and at <= now()
  group by server_id`;

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
  metric: MetricName | 'cpu_15m';
  at: string;
  value: number;
}

/**
 * The database metrics source: `metric_samples`, bucketed by PostgreSQL (`date_bin`, min, max and mean
 * per bucket), so at most one row per series and bucket leaves the database. The table holds no
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
      const result = await client.query<BucketRow>(TRENDS_BUCKETS_SQL, [
        stepSeconds,
        start,
        ids,
        metrics,
        to.toISOString(),
      ]);
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
      const loads = new Map<string, ServerLoad>();
      if (ids.length === 0) return loads;
      const result = await client.query<LatestRow>(LATEST, [ids, CURRENT_WINDOW_SECONDS]);
      for (const row of result.rows) {
        const load = loads.get(row.server_id) ?? {
          at: new Date(row.at).toISOString(),
          cpu: null,
          memory: null,
          load: null,
          cpu_15m: null,
        };
        const at = new Date(row.at).toISOString();
        if (at > load.at) load.at = at;
        if (
          row.metric === 'cpu' ||
          row.metric === 'memory' ||
          row.metric === 'load' ||
          row.metric === 'cpu_15m'
        ) {
          load[row.metric] = round2(Number(row.value));
        }
        loads.set(row.server_id, load);
      }
      return loads;
    },
  };
}
