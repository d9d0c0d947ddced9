import { type MetricName, metricNames } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Demo series reach this far back (DESIGN.md §8: 60 days at one sample a minute). */
export const DEMO_METRIC_DAYS = 60;

/** FNV-1a: a server's id gives its own phase, scale and incident days, the same in every database. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** How busy a server is on the whole (0.45–0.9) and on which day of a 29-day cycle its incident falls. */
export function serverTraits(serverId: string): { scale: number; incidentDay: number } {
  const h = hash(serverId);
  return { scale: 0.45 + ((h % 1000) / 1000) * 0.45, incidentDay: (h >>> 10) % 29 };
}

/**
 * The value of one metric at one minute, as SQL over the minute `t`. Activity follows office hours
 * (peak 13:00 UTC, a quarter of the day's load at night), is lower at weekends, and carries a slow
 * wave that is not noise; on one day in 29 the server has a 3-hour incident (10:00–13:00 UTC, CPU at
 * 97 %). Disk usage grows over 30 days and drops at a clean-up; disk I/O has a nightly backup burst.
 */
const expressions: Record<MetricName, string> = {
  cpu: '100 * a',
  memory: '38 + 48 * a',
  disk: '35 + 20 * s + 15 * ((i % 43200) / 43200.0)',
  disk_io: '1 + 60 * a + case when i % 1440 between 120 and 150 then 95 else 0 end',
  net_in: '4 + 260 * a',
  net_out: '2 + 95 * a',
  load: '0.05 + 7.5 * a',
};

type Executor = Pick<Database, 'execute'>;

/** All metrics of one server in one statement, metric after metric (neighbouring blocks per series). */
async function insertSeries(db: Executor, serverId: string, from: Date, to: Date): Promise<void> {
  const { scale, incidentDay } = serverTraits(serverId);
  const value = sql.raw(
    `case m.metric ${metricNames.map((metric) => `when '${metric}' then ${expressions[metric]}`).join(' ')} end`,
  );
  await db.execute(sql`
    insert into metric_samples (server_id, metric, at, value)
    select ${serverId}, m.metric, t, ${value}
    from unnest(${sql.raw(`array[${metricNames.map((metric) => `'${metric}'`).join(', ')}]`)}) with ordinality m(metric, n),
      lateral generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, interval '1 minute') t,
      lateral (select extract(epoch from t)::bigint / 60 as i, ${scale}::float8 as s) base,
      lateral (
        select case
          when (i / 1440 + ${incidentDay}) % 29 = 0 and i % 1440 between 600 and 780 then 0.97
          else s * (0.1 + 0.65 * (1 - cos(2 * pi() * (i % 1440 - 60) / 1440.0)) / 2
                    * case when extract(isodow from t) >= 6 then 0.4 else 1 end
                  + 0.06 * sin(i / 7.3 + ${incidentDay}) * sin(i / 53.0))
        end as a
      ) activity`);
  // No ORDER BY: the lateral join runs metric by metric, minute by minute, without a sort.
}

/** The seed's row in seed_state; its applied_at is the last minute the demo series reach. */
const SEED_NAME = 'demo-metrics';

export interface DemoMetricServers {
  /** Servers with the whole 60 days. */
  full: string[];
  /** Servers with the last day only: enough for the overview's current load and "last 24 hours". */
  recent: string[];
}

/**
 * Demo metric series, generated inside PostgreSQL (no rows travel from Node). The first run fills 60
 * days for `full` servers and one day for `recent` ones (a 60-day series is 604,800 rows, a few
 * seconds of insert; see README); later runs add the minutes since the last one, so a demo started
 * again days later still shows the last 24 hours. Rows go in series by series, which keeps a series
 * in neighbouring blocks for the BRIN index. Answers whether the first fill happened.
 */
export async function seedDemoMetrics(
  db: Database,
  servers: DemoMetricServers,
  now = new Date(),
): Promise<boolean> {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  // One transaction: a fill that stops half-way leaves nothing behind, and the next start does it again.
  return db.transaction((tx) => fill(tx, servers, to));
}

async function fill(db: Executor, servers: DemoMetricServers, to: Date): Promise<boolean> {
  // Two processes starting on one database: the second waits and then only tops up.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${SEED_NAME}))`);
  const state = await db.execute<{ applied_at: string }>(
    sql`select applied_at::text as applied_at from seed_state where name = ${SEED_NAME}`,
  );
  const last = state.rows[0]?.applied_at;
  const series = async (ids: string[], from: Date) => {
    if (from > to) return;
    for (const serverId of ids) {
      await insertSeries(db, serverId, from, to);
    }
  };
  if (last) {
    await series([...servers.full, ...servers.recent], new Date(new Date(last).getTime() + 60_000));
  } else {
    await series(servers.full, new Date(to.getTime() - DEMO_METRIC_DAYS * 86_400_000));
    await series(servers.recent, new Date(to.getTime() - 86_400_000));
  }
  await db.execute(sql`
    insert into seed_state (name, applied_at) values (${SEED_NAME}, ${to.toISOString()}::timestamptz)
    on conflict (name) do update set applied_at = excluded.applied_at`);
  return !last;
}
