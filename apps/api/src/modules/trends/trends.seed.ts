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

async function insertSeries(
  db: Database,
  serverId: string,
  metric: MetricName,
  from: Date,
  to: Date,
): Promise<void> {
  const { scale, incidentDay } = serverTraits(serverId);
  const value = sql.raw(expressions[metric]);
  await db.execute(sql`
    insert into metric_samples (server_id, metric, at, value)
    select ${serverId}, ${metric}, t, ${value}
    from generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, interval '1 minute') t,
      lateral (select extract(epoch from t)::bigint / 60 as i, ${scale}::float8 as s) base,
      lateral (
        select case
          when (i / 1440 + ${incidentDay}) % 29 = 0 and i % 1440 between 600 and 780 then 0.97
          else s * (0.1 + 0.65 * (1 - cos(2 * pi() * (i % 1440 - 60) / 1440.0)) / 2
                    * case when extract(isodow from t) >= 6 then 0.4 else 1 end
                  + 0.06 * sin(i / 7.3 + ${incidentDay}) * sin(i / 53.0))
        end as a
      ) activity`);
}

/**
 * Demo metric series for the given servers, generated inside PostgreSQL (no rows travel from Node).
 * A first run fills the last 60 days; later runs add the minutes since the last sample of each series,
 * so a demo started again days later still shows the last 24 hours. Rows go in series by series, which
 * keeps each series in neighbouring blocks for the BRIN index. Answers whether a first fill happened.
 */
export async function seedDemoMetrics(db: Database, serverIds: string[], now = new Date()): Promise<boolean> {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const first = new Date(to.getTime() - DEMO_METRIC_DAYS * 86_400_000);
  let filled = false;
  for (const serverId of serverIds) {
    for (const metric of metricNames) {
      const result = await db.execute<{ last: string | null }>(
        sql`select max(at)::text as last from metric_samples where server_id = ${serverId} and metric = ${metric}`,
      );
      const last = result.rows[0]?.last;
      const from = last ? new Date(new Date(last).getTime() + 60_000) : first;
      if (!last) filled = true;
      if (from <= to) await insertSeries(db, serverId, metric, from, to);
    }
  }
  return filled;
}
