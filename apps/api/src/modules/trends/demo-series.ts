import { graphMetrics, type MetricName, type ServerLoad, type TrendSeries } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoLandscape } from '../../db/seed/landscape.seed.ts';
import { createDatabaseLandscapeSource } from '../landscape/landscape.repo.ts';
import {
  bucketStarts,
  emptyPoints,
  type MetricServer,
  type MetricsSource,
  round2,
  type SeriesAnswer,
  type SeriesRequest,
} from './metrics-source.ts';

// The demo's metric series (docs/decisions/0007-demo-metrics-computed.md). Every active server of the
// demo customers has a sample a minute for the last 60 days, up to the current minute. The samples
// are a pure function of the server id, the metric and the minute, so they are computed when asked
// instead of stored: 60 days of every demo server would be some 48 million rows (about 3 GB and a
// minute of inserting at the first start); computed, the first start adds nothing and the series never
// need topping up. Other servers (the bench's, a real installation's) read metric_samples as before.

/** How far back the demo series reach (DESIGN.md §8: 60 days at one sample a minute). */
export const DEMO_METRIC_DAYS = 60;
const MINUTES_A_DAY = 1440;

/** FNV-1a: a server's id gives its own scale and incident days, the same in every database. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

export interface ServerTraits {
  /** How busy the server is on the whole, 0.45–0.9. */
  scale: number;
  /** Its incident falls on the days where (day + incidentDay) is a multiple of 29. */
  incidentDay: number;
}

export function serverTraits(serverId: string): ServerTraits {
  const h = hash(serverId);
  return { scale: 0.45 + ((h % 1000) / 1000) * 0.45, incidentDay: (h >>> 10) % 29 };
}

/**
 * How busy a server is (0–1) in Unix minute `minute`. Activity follows office hours (peak 13:00 UTC,
 * a tenth at night), is 40 % of it at weekends and carries a slow wave that is not noise; on one day
 * in 29 the server has a 3-hour incident (10:00–13:00 UTC at 97 %).
 */
export function demoActivity({ scale, incidentDay }: ServerTraits, minute: number): number {
  const ofDay = minute % MINUTES_A_DAY;
  const day = Math.floor(minute / MINUTES_A_DAY);
  if ((day + incidentDay) % 29 === 0 && ofDay >= 600 && ofDay <= 780) return 0.97;
  // 1 January 1970 was a Thursday: (day + 3) % 7 is 5 on Saturdays and 6 on Sundays.
  const weekend = (day + 3) % 7 >= 5;
  const wave =
    0.06 * (FAST_WAVE[(minute + 7 * incidentDay) % 46] as number) * (SLOW_WAVE[minute % 333] as number);
  return scale * (0.1 + (OFFICE[ofDay] as number) * (weekend ? 0.4 : 1) + wave);
}

/** One period of a sine in whole minutes, as a table: no trigonometry on 29-million-minute arguments. */
const sineTable = (minutes: number) =>
  Float64Array.from({ length: minutes }, (_, minute) => Math.sin((2 * Math.PI * minute) / minutes));
/** The slow wave: a 46-minute sine under a 333-minute one (about 5½ hours), never noise. */
const FAST_WAVE = sineTable(46);
const SLOW_WAVE = sineTable(333);

/** The office-hours curve by minute of the day (0 at 01:00 UTC, 0.65 at 13:00). */
const OFFICE = Float64Array.from(
  { length: MINUTES_A_DAY },
  (_, ofDay) => (0.65 * (1 - Math.cos((2 * Math.PI * (ofDay - 60)) / MINUTES_A_DAY))) / 2,
);

/**
 * One metric from the activity: CPU, memory, network and load follow it; disk usage grows over 30 days
 * and drops at a clean-up; disk I/O has a nightly back-up burst (02:00–02:30 UTC). Stored as
 * PostgreSQL `real` would keep it (float4), so computed and stored samples compare exactly.
 */
export function demoValue(
  metric: MetricName,
  traits: ServerTraits,
  minute: number,
  activity: number,
): number {
  return metricOf(metric, traits)(minute, activity);
}

/** A metric's value as a function of the minute and the activity, chosen once per series. */
function metricOf(metric: MetricName, { scale }: ServerTraits): (minute: number, activity: number) => number {
  switch (metric) {
    case 'cpu':
      return (_, activity) => Math.fround(100 * activity);
    case 'memory':
      return (_, activity) => Math.fround(38 + 48 * activity);
    case 'disk':
      return (minute) => Math.fround(35 + 20 * scale + 15 * ((minute % 43_200) / 43_200));
    case 'disk_io':
      return (minute, activity) => {
        const ofDay = minute % MINUTES_A_DAY;
        return Math.fround(1 + 60 * activity + (ofDay >= 120 && ofDay <= 150 ? 95 : 0));
      };
    case 'net_in':
      return (_, activity) => Math.fround(4 + 260 * activity);
    case 'net_out':
      return (_, activity) => Math.fround(2 + 95 * activity);
    case 'load':
      return (_, activity) => Math.fround(0.05 + 7.5 * activity);
  }
}

/** The first and last minute (Unix minutes, inclusive) a demo series holds at `now`. */
export function demoWindow(now: Date): { first: number; last: number } {
  const last = Math.floor(now.getTime() / 60_000);
  return { first: last - DEMO_METRIC_DAYS * MINUTES_A_DAY, last };
}

/**
 * The series of demo servers bucketed as the database source buckets metric_samples (date_bin from the
 * first bucket start; min, max and mean of the samples in each bucket; null for an empty bucket).
 */
export function demoSeries(request: SeriesRequest, now = new Date()): SeriesAnswer {
  const { from, to, stepSeconds, servers, graph } = request;
  const timestamps = bucketStarts(from, to, stepSeconds);
  const start = timestamps[0] ?? Math.floor(from.getTime() / 1000);
  const metrics = graphMetrics[graph];
  const window = demoWindow(now);
  // Minutes m with from ≤ 60·m < to inside the window.
  const first = Math.max(window.first, Math.ceil(from.getTime() / 60_000));
  const last = Math.min(window.last, Math.ceil(to.getTime() / 60_000) - 1);
  const length = timestamps.length;
  const series: TrendSeries[] = [];
  const span = Math.max(0, last - first + 1);
  const activity = new Float64Array(span);
  for (const server of servers) {
    const traits = serverTraits(server.id);
    for (let offset = 0; offset < span; offset++) activity[offset] = demoActivity(traits, first + offset);
    for (const metric of metrics) {
      const valueAt = metricOf(metric, traits);
      const entry: TrendSeries = {
        server_id: server.id,
        metric,
        values: emptyPoints(length),
        min: emptyPoints(length),
        max: emptyPoints(length),
      };
      // Bucket by bucket over the minutes each one holds.
      let offset = 0;
      while (offset < span) {
        const index = Math.floor(((first + offset) * 60 - start) / stepSeconds);
        // The first minute of the next bucket: 60·m ≥ start + (index + 1)·step.
        const end = Math.min(span, Math.ceil((start + (index + 1) * stepSeconds) / 60) - first);
        if (index >= 0 && index < length) {
          let sum = 0;
          let min = Number.POSITIVE_INFINITY;
          let max = Number.NEGATIVE_INFINITY;
          for (let at = offset; at < end; at++) {
            const value = valueAt(first + at, activity[at] as number);
            sum += value;
            if (value < min) min = value;
            if (value > max) max = value;
          }
          entry.values[index] = round2(sum / (end - offset));
          entry.min[index] = round2(min);
          entry.max[index] = round2(max);
        }
        offset = Math.max(end, offset + 1);
      }
      series.push(entry);
    }
  }
  return { timestamps, series };
}

/** Minutes the sustained CPU (`cpu_15m`) is the mean of, as the stored source's window. */
const SUSTAINED_MINUTES = 15;

/**
 * The current CPU, memory and load of demo servers: their sample of the current minute, and the mean
 * CPU of the last 15 minutes.
 */
export function demoCurrent(servers: MetricServer[], now = new Date()): Map<string, ServerLoad> {
  const minute = demoWindow(now).last;
  const at = new Date(minute * 60_000).toISOString();
  const loads = new Map<string, ServerLoad>();
  for (const server of servers) {
    const traits = serverTraits(server.id);
    const activity = demoActivity(traits, minute);
    const value = (metric: MetricName) => round2(demoValue(metric, traits, minute, activity));
    let cpu = 0;
    for (let back = 0; back < SUSTAINED_MINUTES; back++) {
      const at = minute - back;
      cpu += demoValue('cpu', traits, at, demoActivity(traits, at));
    }
    loads.set(server.id, {
      at,
      cpu: value('cpu'),
      memory: value('memory'),
      load: value('load'),
      cpu_15m: round2(cpu / SUSTAINED_MINUTES),
    });
  }
  return loads;
}

/** How long the list of demo servers is kept before it is read again. */
const DEMO_SERVERS_TTL_MS = 60_000;

/**
 * The ids of the demo customers' active servers, when this database holds the demo landscape (the
 * seed records it in seed_state); an empty set everywhere else, so a real installation's customers
 * 1001–1006 are never mistaken for demo ones.
 */
export function demoServerIds(db: Database): () => Promise<Set<string>> {
  let cached: { at: number; ids: Promise<Set<string>> } | undefined;
  const load = async () => {
    const seeded = await db.execute<{ seeded: boolean }>(
      sql`select exists (select 1 from seed_state where name = 'demo-landscape') as seeded`,
    );
    if (!seeded.rows[0]?.seeded) return new Set<string>();
    const landscape = createDatabaseLandscapeSource(db);
    const servers = await Promise.all(demoLandscape.map((spec) => landscape.servers(spec.customerId)));
    return new Set(
      servers
        .flat()
        .filter((server) => server.status === 'active')
        .map((server) => server.server_id),
    );
  };
  return () => {
    if (!cached || Date.now() - cached.at > DEMO_SERVERS_TTL_MS) {
      const ids = load();
      cached = { at: Date.now(), ids };
      // A failed read is not remembered.
      ids.catch(() => {
        if (cached?.ids === ids) cached = undefined;
      });
    }
    return cached.ids;
  };
}

/**
 * The database source with the demo series: demo servers are computed, every other server is read
 * from `stored`; answers keep the order of the request (servers, then their metrics).
 */
export function withDemoSeries(
  stored: MetricsSource,
  demoIds: () => Promise<Set<string>>,
  now: () => Date = () => new Date(),
): MetricsSource {
  return {
    usesTenant: stored.usesTenant,

    async series(request) {
      const ids = await demoIds();
      const demo = request.servers.filter((server) => ids.has(server.id));
      if (demo.length === 0) return stored.series(request);
      const others = request.servers.filter((server) => !ids.has(server.id));
      const computed = demoSeries({ ...request, servers: demo }, now());
      if (others.length === 0) return computed;
      const read = await stored.series({ ...request, servers: others });
      const byServer = new Map<string, TrendSeries[]>();
      for (const entry of [...computed.series, ...read.series]) {
        byServer.set(entry.server_id, [...(byServer.get(entry.server_id) ?? []), entry]);
      }
      return {
        timestamps: computed.timestamps,
        series: request.servers.flatMap((server) => byServer.get(server.id) ?? []),
      };
    },

    async current(servers, tenant) {
      const ids = await demoIds();
      const demo = servers.filter((server) => ids.has(server.id));
      const others = servers.filter((server) => !ids.has(server.id));
      const loads = others.length ? await stored.current(others, tenant) : new Map<string, ServerLoad>();
      for (const [id, load] of demoCurrent(demo, now())) loads.set(id, load);
      return loads;
    },

    async sustained(request) {
      // Every demo server (77 of them) is computed; the caller keeps the customer's.
      const [ids, loads] = await Promise.all([demoIds(), stored.sustained(request)]);
      // Samples stored for a demo server before its series were computed are not read (decision 0007).
      for (const id of ids) loads.delete(id);
      const demo = [...ids].map((id) => ({ id, name: id }));
      for (const [id, load] of demoCurrent(demo, now())) {
        if ((load.cpu_15m ?? 0) >= request.percent) loads.set(id, load);
      }
      return loads;
    },
  };
}
