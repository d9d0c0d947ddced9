import type {
  Application,
  AvailabilityState,
  CheckReason,
  CheckReasonCode,
  MaintenanceKind,
  MaintenanceWindow,
  Outage,
} from '@portaal/contracts';
import type { Database } from '../../db/client.ts';

/** The up and down checks and the latencies of one application from `from` while `until` holds. */
function checksBetween(from: string, until: string) {
  return `
    select count(*) filter (where c.state = 'up')::int as up,
      count(*) filter (where c.state = 'down')::int as down,
      coalesce(sum(c.latency_ms), 0)::float8 as latency_sum,
      count(c.latency_ms)::int as latency_count
    from application_checks c
    where c.application_id = a.id and c.at >= ${from} and ${until}`;
}

/**
 * Applications with their uptime per time filter and the mean latency of the last 24 hours. Whole UTC
 * hours come from application_check_hours (decision 0031); only the checks of the two part hours are
 * read one by one: from the start of the last 24 hours ($2) to the next whole hour ($6), and from the
 * start of the current hour ($7) to now ($5). The months begin on a whole hour (availabilityRange).
 */
const LIST = `
  select a.id, a.name, a.url, a.interval_seconds, a.uptime_target::float8 as uptime_target, a.state,
    a.state_since, a.last_checked_at,
    e.up + n.up + h.up_24h as up_24h,
    e.down + n.down + h.down_24h as down_24h,
    n.up + h.up_month as up_month,
    n.down + h.down_month as down_month,
    h.up_last, h.down_last,
    (e.latency_sum + n.latency_sum + h.latency_sum)
      / nullif(e.latency_count + n.latency_count + h.latency_count, 0) as latency
  from applications a
  cross join lateral (${checksBetween('$2', 'c.at < $6')}) e
  cross join lateral (${checksBetween('$7', 'c.at <= $5')}) n
  cross join lateral (
    select
      coalesce(sum(k.up) filter (where k.hour >= $6), 0)::int as up_24h,
      coalesce(sum(k.down) filter (where k.hour >= $6), 0)::int as down_24h,
      coalesce(sum(k.up) filter (where k.hour >= $3), 0)::int as up_month,
      coalesce(sum(k.down) filter (where k.hour >= $3), 0)::int as down_month,
      coalesce(sum(k.up) filter (where k.hour >= $4 and k.hour < $3), 0)::int as up_last,
      coalesce(sum(k.down) filter (where k.hour >= $4 and k.hour < $3), 0)::int as down_last,
      coalesce(sum(k.latency_sum) filter (where k.hour >= $6), 0)::float8 as latency_sum,
      coalesce(sum(k.latency_count) filter (where k.hour >= $6), 0)::int as latency_count
    from application_check_hours k
    where k.application_id = a.id and k.hour >= least($4::timestamptz, $6::timestamptz) and k.hour < $7
  ) h
  where a.customer_id = $1
  order by a.name, a.id`;

const HOUR = 3_600_000;

const BUCKETS = `
  select extract(epoch from date_bin(make_interval(secs => $2::int), at, $3::timestamptz))::bigint::text as t,
    avg(latency_ms) as latency,
    count(*) filter (where state = 'down')::int as down,
    count(*) filter (where state <> 'maintenance')::int as counted,
    count(*) filter (where state = 'up')::int as up
  from application_checks
  where application_id = $1 and at >= $3 and at < $4
  group by 1`;

const OUTAGES = `
  select o.at as started_at, o.ended_at, o.reason_code, o.reason_params from (
    select e.at, e.reason_code, e.reason_params, (
      select min(n.at) from application_events n
      where n.application_id = e.application_id and n.at > e.at and n.to_state <> 'down'
    ) as ended_at
    from application_events e
    where e.application_id = $1 and e.to_state = 'down' and e.at < $3
  ) o
  where o.ended_at is null or o.ended_at > $2
  order by o.at desc`;

const MAINTENANCE = `
  select starts_at, ends_at, kind, description from maintenance_windows
  where application_id = $1 and ends_at > $2
  order by starts_at, ends_at`;

interface ListRow extends Record<string, unknown> {
  id: number;
  name: string;
  url: string;
  interval_seconds: number;
  uptime_target: number;
  state: AvailabilityState | null;
  state_since: Date | null;
  last_checked_at: Date | null;
  up_24h: number | null;
  down_24h: number | null;
  up_month: number | null;
  down_month: number | null;
  up_last: number | null;
  down_last: number | null;
  latency: number | null;
}

export interface UptimeCounts {
  up: number;
  down: number;
}

export interface ApplicationListRow extends Omit<Application, 'uptime' | 'latency_ms'> {
  counts: { last24h: UptimeCounts; currentMonth: UptimeCounts; lastPeriod: UptimeCounts };
  latency_ms: number | null;
}

export interface BucketRow extends Record<string, unknown> {
  t: string;
  latency: string | null;
  down: number;
  counted: number;
  up: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Availability reads, always scoped by customer (STYLE.md habit 4); node-postgres for the SQL above. */
export function createAvailabilityRepo(db: Database) {
  const client = db.$client;
  return {
    async list(
      customerId: number,
      at: { since24h: Date; monthStart: Date; lastStart: Date; now: Date },
    ): Promise<ApplicationListRow[]> {
      const hourAfter = new Date(Math.ceil(at.since24h.getTime() / HOUR) * HOUR);
      const hourNow = new Date(Math.floor(at.now.getTime() / HOUR) * HOUR);
      const { rows } = await client.query<ListRow>(LIST, [
        customerId,
        at.since24h,
        at.monthStart,
        at.lastStart,
        at.now,
        hourAfter,
        hourNow,
      ]);
      return rows.map((row) => ({
        application_id: row.id,
        name: row.name,
        url: row.url,
        interval_seconds: row.interval_seconds,
        uptime_target: Number(row.uptime_target),
        state: row.state,
        state_since: iso(row.state_since),
        last_checked_at: iso(row.last_checked_at),
        counts: {
          last24h: { up: row.up_24h ?? 0, down: row.down_24h ?? 0 },
          currentMonth: { up: row.up_month ?? 0, down: row.down_month ?? 0 },
          lastPeriod: { up: row.up_last ?? 0, down: row.down_last ?? 0 },
        },
        latency_ms: row.latency === null ? null : Math.round(Number(row.latency)),
      }));
    },

    /** The application's check interval in seconds; undefined when it is not the customer's. */
    async interval(customerId: number, applicationId: number): Promise<number | undefined> {
      const { rows } = await client.query<{ interval_seconds: number }>(
        'select interval_seconds from applications where id = $1 and customer_id = $2',
        [applicationId, customerId],
      );
      return rows[0]?.interval_seconds;
    },

    async buckets(applicationId: number, stepSeconds: number, from: Date, to: Date): Promise<BucketRow[]> {
      const { rows } = await client.query<BucketRow>(BUCKETS, [applicationId, stepSeconds, from, to]);
      return rows;
    },

    async outages(applicationId: number, from: Date, to: Date): Promise<Outage[]> {
      const { rows } = await client.query<{
        started_at: Date;
        ended_at: Date | null;
        reason_code: CheckReasonCode | null;
        reason_params: CheckReason['params'] | null;
      }>(OUTAGES, [applicationId, from, to]);
      return rows.map((row) => ({
        started_at: new Date(row.started_at).toISOString(),
        ended_at: iso(row.ended_at),
        reason: row.reason_code ? { code: row.reason_code, params: row.reason_params ?? {} } : null,
      }));
    },

    async maintenance(applicationId: number, from: Date): Promise<MaintenanceWindow[]> {
      const { rows } = await client.query<{
        starts_at: Date;
        ends_at: Date;
        kind: MaintenanceKind | null;
        description: string | null;
      }>(MAINTENANCE, [applicationId, from]);
      return rows.map((row) => ({
        starts_at: new Date(row.starts_at).toISOString(),
        ends_at: new Date(row.ends_at).toISOString(),
        kind: row.kind,
        description: row.description,
      }));
    },
  };
}
export type AvailabilityRepo = ReturnType<typeof createAvailabilityRepo>;

const MONTH_FIGURES = `
  select a.name, a.uptime_target::float8 as target,
    (select count(*) from application_checks c where c.application_id = a.id and c.at >= $2 and c.at < $3 and c.state = 'up')::int as up,
    (select count(*) from application_checks c where c.application_id = a.id and c.at >= $2 and c.at < $3 and c.state = 'down')::int as down,
    coalesce((
      select sum(extract(epoch from least(coalesce(o.ended_at, $3), $3) - greatest(o.at, $2)))
      from (
        select e.at, (
          select min(n.at) from application_events n
          where n.application_id = e.application_id and n.at > e.at and n.to_state <> 'down'
        ) as ended_at
        from application_events e
        where e.application_id = a.id and e.to_state = 'down' and e.at < $3
      ) o
      where coalesce(o.ended_at, $3) > $2
    ), 0)::float8 as down_seconds
  from applications a
  where a.customer_id = $1
  order by a.name, a.id`;

/** One month's figures per application of a customer, for the SLA report. */
export async function monthFigures(db: Database, customerId: number, from: Date, to: Date) {
  const { rows } = await db.$client.query<{
    name: string;
    target: number;
    up: number;
    down: number;
    down_seconds: number;
  }>(MONTH_FIGURES, [customerId, from, to]);
  return rows;
}
