import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { seedDemoAvailability } from '../src/modules/availability/availability.seed.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * The demo's seeded response times are at the scale the prober measures when it carries on: the
 * demo applications are the portal's own endpoints, a few milliseconds away on the same machine, so
 * the chart does not drop from ~130 ms to ~3 ms at its first live point.
 */
let database: Awaited<ReturnType<typeof seededDatabase>>;
let sql: pg.Pool;

const LATENCIES = `
  select min(latency_ms)::int as min, max(latency_ms)::int as max, count(latency_ms)::int as count
  from application_checks where state = 'up'`;

beforeAll(async () => {
  database = await seededDatabase('availability_seed');
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

describe('the demo availability seed', () => {
  it('gives applications on the loopback (the default demo) a history of a few milliseconds', async () => {
    const { rows } = await sql.query<{ min: number; max: number; count: number }>(LATENCIES);
    expect(rows[0]?.count).toBeGreaterThan(1000);
    expect(rows[0]?.min).toBeGreaterThanOrEqual(1);
    expect(rows[0]?.max).toBeLessThanOrEqual(15);
  });

  it('keeps network-scale response times for applications behind a real host name', async () => {
    await sql.query(`delete from applications; delete from seed_state where name = 'demo-availability'`);
    const handle = createDatabase(database.databaseUrl, 1);
    try {
      expect(await seedDemoAvailability(handle.db, { publicUrl: 'https://portaal.example.com' })).toBe(true);
    } finally {
      await handle.pool.end();
    }
    const { rows } = await sql.query<{ min: number; max: number; count: number }>(LATENCIES);
    expect(rows[0]?.count).toBeGreaterThan(1000);
    expect(rows[0]?.min).toBeGreaterThanOrEqual(40);
  });
});
