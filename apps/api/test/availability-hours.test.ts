import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createAvailabilityRepo } from '../src/modules/availability/availability.repo.ts';
import { createAvailabilityService } from '../src/modules/availability/availability.service.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * Decision 0031: application_check_hours is kept by triggers on application_checks, and the
 * applications list reads whole hours from it. Both are checked against the checks themselves: the
 * hours against a grouping of the checks after inserts, deletes, updates and TRUNCATE, and the list
 * against the statement that counted the checks one by one before the hours existed.
 */
const CUSTOMER = 1001;
let database: Awaited<ReturnType<typeof seededDatabase>>;
let handle: ReturnType<typeof createDatabase>;
let sql: pg.Pool;

/** The list's counts as they were computed before decision 0031, from every check in the range. */
const FROM_CHECKS = `
  select a.id,
    count(*) filter (where c.at >= $2 and c.state = 'up')::int as up_24h,
    count(*) filter (where c.at >= $2 and c.state = 'down')::int as down_24h,
    count(*) filter (where c.at >= $3 and c.state = 'up')::int as up_month,
    count(*) filter (where c.at >= $3 and c.state = 'down')::int as down_month,
    count(*) filter (where c.at >= $4 and c.at < $3 and c.state = 'up')::int as up_last,
    count(*) filter (where c.at >= $4 and c.at < $3 and c.state = 'down')::int as down_last,
    round(avg(c.latency_ms) filter (where c.at >= $2))::int as latency
  from applications a
  left join application_checks c on c.application_id = a.id
    and c.at >= least($2::timestamptz, $4::timestamptz) and c.at <= $5
  where a.customer_id = $1
  group by a.id
  order by a.id`;

const GROUPED_CHECKS = `
  select application_id, date_bin('1 hour', at, timestamptz '1970-01-01 00:00:00+00') as hour,
    count(*) filter (where state = 'up')::int as up, count(*) filter (where state = 'down')::int as down,
    coalesce(sum(latency_ms), 0)::float8 as latency_sum, count(latency_ms)::int as latency_count
  from application_checks where application_id = any($1::int[])
  group by 1, 2 order by 1, 2`;

const STORED_HOURS = `
  select application_id, hour, up, down, latency_sum, latency_count
  from application_check_hours where application_id = any($1::int[])
  order by 1, 2`;

async function expectHoursMatchChecks(ids: number[]) {
  const [grouped, stored] = await Promise.all([
    sql.query(GROUPED_CHECKS, [ids]),
    sql.query(STORED_HOURS, [ids]),
  ]);
  expect(stored.rows).toEqual(grouped.rows);
  return stored.rows.length;
}

async function newApplication(name: string): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into applications (customer_id, name, url) values ($1, $2, 'https://example.test') returning id`,
    [CUSTOMER, name],
  );
  return (rows[0] as { id: number }).id;
}

beforeAll(async () => {
  database = await seededDatabase('check_hours');
  handle = createDatabase(database.databaseUrl, 3);
  sql = handle.pool;
}, 120_000);

afterAll(async () => {
  await handle?.pool.end();
  await database?.drop();
});

describe('application_check_hours', () => {
  it('holds the demo checks stored before the migration, grouped by hour', async () => {
    const { rows } = await sql.query<{ id: number }>('select id from applications order by id');
    const ids = rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    // 90 days of checks: about 2,160 hours per application.
    expect(await expectHoursMatchChecks(ids)).toBeGreaterThan(ids.length * 2000);
  });

  it('follows inserts (one by one and in bulk), updates, deletes and TRUNCATE', async () => {
    const a = await newApplication('hours-a');
    const b = await newApplication('hours-b');
    // A bulk insert over two applications and several hours, latencies missing on down checks.
    await sql.query(
      `insert into application_checks (application_id, at, state, latency_ms)
       select app, timestamptz '2026-03-29 00:00:00+00' + n * interval '7 minutes',
         case when n % 5 = 0 then 'down' when n % 11 = 0 then 'maintenance' else 'up' end,
         case when n % 5 = 0 then null else 40 + n % 17 end
       from unnest($1::int[]) as app, generate_series(0, 99) as n`,
      [[a, b]],
    );
    expect(await expectHoursMatchChecks([a, b])).toBe(12 * 2);
    // One check at a time into an hour that exists, as the prober writes them.
    await sql.query(
      `insert into application_checks (application_id, at, state, latency_ms) values ($1, '2026-03-29 00:30:30+00', 'down', 900)`,
      [a],
    );
    await expectHoursMatchChecks([a, b]);
    // A state changed afterwards, and a check moved into another hour.
    await sql.query(
      `update application_checks set state = 'up' where application_id = $1 and at < '2026-03-29 02:00:00+00' and state = 'down'`,
      [a],
    );
    await sql.query(
      `update application_checks set at = at + interval '3 hours' where application_id = $1 and at = '2026-03-29 00:07:00+00'`,
      [b],
    );
    await expectHoursMatchChecks([a, b]);
    // Deleting every check of an hour removes the hour; deleting part of one recounts it.
    await sql.query(
      `delete from application_checks where application_id = $1 and at >= '2026-03-29 05:00:00+00' and at < '2026-03-29 06:00:00+00'`,
      [a],
    );
    await sql.query(
      `delete from application_checks where application_id = $1 and at >= '2026-03-29 07:00:00+00' and at < '2026-03-29 07:30:00+00'`,
      [b],
    );
    const { rows: gone } = await sql.query(
      `select 1 from application_check_hours where application_id = $1 and hour = '2026-03-29 05:00:00+00'`,
      [a],
    );
    expect(gone).toEqual([]);
    await expectHoursMatchChecks([a, b]);
    // An application's removal takes its hours along.
    await sql.query('delete from applications where id = $1', [b]);
    expect(await expectHoursMatchChecks([b])).toBe(0);
    // TRUNCATE empties the hours, inside a transaction that is rolled back (the demo keeps its checks).
    const client = await sql.connect();
    try {
      await client.query('begin');
      await client.query('truncate application_checks');
      const { rows } = await client.query('select count(*)::int as n from application_check_hours');
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect(await expectHoursMatchChecks([a])).toBeGreaterThan(0);
  });

  it('gives the applications list the figures of counting every check, at any minute of the hour', async () => {
    const repo = createAvailabilityRepo(handle.db);
    const { rows: apps } = await sql.query<{ id: number }>(
      'select id from applications where customer_id = $1 order by id',
      [CUSTOMER],
    );
    expect(apps.length).toBeGreaterThan(2);
    // The demo's checks end at the time of seeding: the clock of each turn is within them, at the
    // start of an hour, within one and just before the next (the last 24 hours then begin mid-hour).
    const { rows } = await sql.query<{ newest: Date }>('select max(at) as newest from application_checks');
    const newest = new Date((rows[0] as { newest: Date }).newest).getTime();
    const hourStart = Math.floor(newest / 3_600_000) * 3_600_000 - 3_600_000;
    for (const offset of [0, 60_000, 27 * 60_000 + 13_000, 3_599_000]) {
      const now = new Date(hourStart + offset);
      const service = createAvailabilityService(repo, handle.db, () => now);
      const listed = await service.applications(CUSTOMER);
      const lastStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const since24h = new Date(now.getTime() - 86_400_000);
      const { rows: expected } = await sql.query(FROM_CHECKS, [
        CUSTOMER,
        since24h,
        monthStart,
        lastStart,
        now,
      ]);
      const counts = await repo.list(CUSTOMER, { since24h, monthStart, lastStart, now });
      expect(
        counts
          .map((row) => ({
            id: row.application_id,
            up_24h: row.counts.last24h.up,
            down_24h: row.counts.last24h.down,
            up_month: row.counts.currentMonth.up,
            down_month: row.counts.currentMonth.down,
            up_last: row.counts.lastPeriod.up,
            down_last: row.counts.lastPeriod.down,
            latency: row.latency_ms,
          }))
          .sort((x, y) => x.id - y.id),
        now.toISOString(),
      ).toEqual(expected);
      // The counts are not all zero: the comparison says something.
      expect(expected.some((row) => row.up_24h > 1000 && row.up_month > 0)).toBe(true);
      expect(listed.map((app) => app.application_id).sort((x, y) => x - y)).toEqual(
        expected.map((row) => row.id),
      );
    }
  });
});
