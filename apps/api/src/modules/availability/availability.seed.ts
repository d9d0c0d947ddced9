import type { MaintenanceKind } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classifyAddress } from '../../lib/webhook-target.ts';
import { applications } from './availability.table.ts';

/**
 * DESIGN.md §6: 90 days of check history at one check per 5 minutes, and the last day at the prober's
 * one a minute (the applications' interval): the 24-hour chart buckets finer than 5 minutes, and a
 * history coarser than the checks it continues left most of its buckets empty after a fresh start.
 */
export const DEMO_CHECK_DAYS = 90;
const STEP_MINUTES = 5;
const RECENT_STEP_MINUTES = 1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo's applications per customer. They check the portal's own health endpoints, so the
 * built-in prober finds them up in any demo, offline too; their history carries the outages.
 */
export const demoApplications: Record<number, { name: string; path: string; target: string }[]> = {
  1001: [
    { name: 'Webwinkel', path: '/healthz', target: '99.90' },
    { name: 'Bestelportaal', path: '/readyz', target: '99.50' },
    { name: 'Kassakoppeling API', path: '/api/openapi.json', target: '99.95' },
  ],
  1002: [
    { name: 'Track & Trace', path: '/healthz', target: '99.90' },
    { name: 'Carrier API', path: '/readyz', target: '99.50' },
  ],
  1003: [{ name: 'Cliëntportaal', path: '/healthz', target: '99.50' }],
};

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

interface Span {
  start: Date;
  end: Date;
}

/**
 * Outages and maintenance of one application over the 90 days before `now`: two to four outages of
 * 10 to 95 minutes at daytime, on days that follow from its name; maintenance on the first Sunday
 * night of each month (02:00–04:00 UTC), plus one planned a week ahead.
 */
export function demoIncidents(
  name: string,
  now: Date,
): { outages: Span[]; maintenance: (Span & { kind: MaintenanceKind })[] } {
  const h = hash(name);
  const count = 2 + (h % 3);
  const outages: Span[] = [];
  for (let n = 0; n < count; n++) {
    const daysAgo = 3 + ((h >>> (n * 5)) % 84);
    const day = new Date(Math.floor(now.getTime() / DAY) * DAY - daysAgo * DAY);
    const start = new Date(day.getTime() + (8 + ((h >>> (n * 3)) % 10)) * HOUR + 5 * 60_000 * (n % 6));
    const minutes = 10 + ((h >>> (n * 7)) % 18) * 5;
    outages.push({ start, end: new Date(start.getTime() + minutes * 60_000) });
  }
  const maintenance: (Span & { kind: MaintenanceKind })[] = [];
  for (let back = 3; back >= -1; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const sunday = new Date(first.getTime() + ((7 - first.getUTCDay()) % 7) * DAY + 2 * HOUR);
    maintenance.push({ start: sunday, end: new Date(sunday.getTime() + 2 * HOUR), kind: 'monthly' });
  }
  // One planned a week ahead, so the list always shows a coming window.
  const ahead = new Date(Math.floor(now.getTime() / DAY) * DAY + 7 * DAY + 22 * HOUR);
  maintenance.push({ start: ahead, end: new Date(ahead.getTime() + HOUR), kind: 'planned' });
  const since = now.getTime() - DEMO_CHECK_DAYS * DAY;
  return {
    outages: outages.sort((a, b) => a.start.getTime() - b.start.getTime()),
    maintenance: maintenance.filter((span) => span.end.getTime() > since),
  };
}

/**
 * How fast the demo's applications answer in their seeded history: at the scale the prober will
 * measure once it carries on. They are the portal's own health endpoints, which answer a prober on the
 * same machine in a few milliseconds; a history of 100+ ms made the chart drop to ~3 ms at its first
 * live point. Behind a real host name (a shared demo) the network's tens of milliseconds are kept.
 */
export function demoLatencyScale(publicUrl: string, name: string): { base: number; jitter: number } {
  const host = new URL(publicUrl).hostname;
  const loopback = host === 'localhost' || classifyAddress(host) === 'loopback';
  return loopback ? { base: 1 + (hash(name) % 3), jitter: 3 } : { base: 40 + (hash(name) % 140), jitter: 25 };
}

const SEED_NAME = 'demo-availability';
const iso = (dates: Date[]) => `{${dates.map((date) => date.toISOString()).join(',')}}`;

/**
 * Demo applications with 90 days of checks (generated inside PostgreSQL), their outages as state
 * changes and their maintenance windows. Loaded once; the built-in prober carries on from there.
 */
export async function seedDemoAvailability(
  db: Database,
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(
      sql`insert into seed_state (name) values (${SEED_NAME}) on conflict do nothing returning name`,
    );
    if (claimed.rows.length === 0) return false;
    const end = new Date(Math.floor(now.getTime() / (STEP_MINUTES * 60_000)) * STEP_MINUTES * 60_000);
    const start = new Date(end.getTime() - DEMO_CHECK_DAYS * DAY);
    const recent = new Date(end.getTime() - DAY);
    for (const [customer, list] of Object.entries(demoApplications)) {
      for (const app of list) {
        const [row] = await tx
          .insert(applications)
          .values({
            customerId: Number(customer),
            name: app.name,
            url: new URL(app.path, publicUrl).toString(),
            uptimeTarget: app.target,
            state: 'up',
            lastCheckedAt: end.toISOString(),
          })
          .returning({ id: applications.id });
        if (!row) continue;
        const { outages, maintenance } = demoIncidents(app.name, now);
        const { base, jitter } = demoLatencyScale(publicUrl, app.name);
        await tx.execute(sql`
          insert into maintenance_windows (application_id, starts_at, ends_at, kind)
          select ${row.id}, s, e, k
          from unnest(${iso(maintenance.map((m) => m.start))}::timestamptz[], ${iso(maintenance.map((m) => m.end))}::timestamptz[],
            ${`{${maintenance.map((m) => m.kind).join(',')}}`}::text[]) w(s, e, k)`);
        await tx.execute(sql`
          with o(s, e) as (select * from unnest(${iso(outages.map((o) => o.start))}::timestamptz[], ${iso(outages.map((o) => o.end))}::timestamptz[])),
            m(s, e) as (select starts_at, ends_at from maintenance_windows where application_id = ${row.id}),
            times(t) as (
              select generate_series(${start.toISOString()}::timestamptz, ${recent.toISOString()}::timestamptz - interval '1 second', interval '${sql.raw(String(STEP_MINUTES))} minutes')
              union all
              select generate_series(${recent.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, interval '${sql.raw(String(RECENT_STEP_MINUTES))} minutes'))
          insert into application_checks (application_id, at, state, latency_ms, http_status, reason_code, reason_params)
          select ${row.id}, t, st,
            case when st = 'down' then null
              else (${base} * (1 + 0.45 * (1 - cos(2 * pi() * (extract(epoch from t)::bigint % 86400) / 86400.0)) / 2)
                + ${jitter} * abs(sin(extract(epoch from t) / 997.0) * sin(extract(epoch from t) / 61.0)))::int end,
            case when st = 'down' then 503 when st = 'maintenance' then null else 200 end,
            case when st = 'down' then 'unexpected_status' end,
            case when st = 'down' then '{"status": 503, "expected": 200}'::jsonb end
          from times,
            lateral (select case
              when exists (select 1 from m where t >= m.s and t < m.e) then 'maintenance'
              when exists (select 1 from o where t >= o.s and t < o.e) then 'down'
              else 'up' end as st) state`);
        const events = [
          ...outages.flatMap((o) => [
            { at: o.start, from: 'up', to: 'down', down: true },
            { at: o.end, from: 'down', to: 'up', down: false },
          ]),
          ...maintenance
            .filter((m) => m.start < now)
            .flatMap((m) => [
              { at: m.start, from: 'up', to: 'maintenance', down: false },
              ...(m.end < now ? [{ at: m.end, from: 'maintenance', to: 'up', down: false }] : []),
            ]),
        ].filter((event) => event.at >= start && event.at <= end);
        if (events.length) {
          await tx.execute(sql`
            insert into application_events (application_id, at, from_state, to_state, reason_code, reason_params)
            select ${row.id}, at, f, t,
              case when d then 'unexpected_status' end,
              case when d then '{"status": 503, "expected": 200}'::jsonb end
            from unnest(
              ${iso(events.map((e) => e.at))}::timestamptz[],
              ${`{${events.map((e) => e.from).join(',')}}`}::text[],
              ${`{${events.map((e) => e.to).join(',')}}`}::text[],
              ${`{${events.map((e) => e.down).join(',')}}`}::bool[]
            ) x(at, f, t, d) order by at`);
        }
        const last = events.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
        await tx.execute(
          sql`update applications set state_since = ${(last?.at ?? start).toISOString()}::timestamptz where id = ${row.id}`,
        );
      }
    }
    return true;
  });
}
