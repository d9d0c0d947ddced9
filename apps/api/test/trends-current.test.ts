import { HIGH_CPU_PERCENT, type ServerLoad } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createDatabaseLandscapeSource } from '../src/modules/landscape/landscape.repo.ts';
import { createDatabaseMetrics } from '../src/modules/trends/trends.repo.ts';

/**
 * The current load from metric_latest (decision 0016) against its oracle, metric_samples itself: for
 * each server, the newest CPU, memory and load sample when it is at most 15 minutes old, and the mean
 * CPU of the 15 minutes up to the newest CPU sample. The samples arrive as the writers write them:
 * whole series in one statement (a bulk load), minute by minute across servers (a collector), out
 * of order, and some are deleted. Server ids of their own (the database is shared with other files).
 */
const ORACLE = `
  with newest as (
    select server_id, metric, max(at) as at from metric_samples
    where server_id = any($1::text[]) and metric in ('cpu', 'memory', 'load') group by 1, 2
  )
  select n.server_id, n.metric, n.at::text as at,
    (select value from metric_samples s
      where s.server_id = n.server_id and s.metric = n.metric and s.at = n.at limit 1) as value,
    (select avg(value) from metric_samples s
      where s.server_id = n.server_id and s.metric = 'cpu' and s.at > n.at - interval '15 minutes'
        and s.at <= n.at) as mean
  from newest n
  where n.at > now() - interval '15 minutes' and n.at <= now()`;

const round2 = (value: number) => Math.round(value * 100) / 100;
const ids = Array.from({ length: 8 }, (_, index) => `devices/latest-test-${index}`);
const [bulk, collected, spike, busy, reordered, stale, memoryOnly, deleted] = ids as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

let pool: ReturnType<typeof createDatabase>['pool'];
let db: ReturnType<typeof createDatabase>['db'];

/** Samples at whole minutes `back` minutes before the current one. */
async function write(rows: { id: string; metric: string; back: number; value: number }[]) {
  await pool.query(
    `insert into metric_samples (server_id, metric, at, value)
     select id, metric, date_trunc('minute', now()) - make_interval(mins => back), value
     from unnest($1::text[], $2::text[], $3::int[], $4::real[]) as t(id, metric, back, value)`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.metric),
      rows.map((row) => row.back),
      rows.map((row) => row.value),
    ],
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function oracle(): Promise<Map<string, ServerLoad>> {
  const { rows } = await pool.query<{
    server_id: string;
    metric: 'cpu' | 'memory' | 'load';
    at: string;
    value: number;
    mean: number | null;
  }>(ORACLE, [ids]);
  const loads = new Map<string, ServerLoad>();
  for (const row of rows) {
    const at = new Date(row.at).toISOString();
    const load = loads.get(row.server_id) ?? { at, cpu: null, memory: null, load: null, cpu_15m: null };
    if (at > load.at) load.at = at;
    load[row.metric] = round2(Number(row.value));
    if (row.metric === 'cpu') load.cpu_15m = round2(Number(row.mean));
    loads.set(row.server_id, load);
  }
  return loads;
}

beforeAll(async () => {
  ({ db, pool } = createDatabase(inject('databaseUrl'), 2));
  await pool.query('delete from metric_samples where server_id = any($1::text[])', [ids]);
  // A bulk load: two hours of three metrics, series by series, in one statement.
  await write(
    ['cpu', 'memory', 'load'].flatMap((metric) =>
      range(0, 119).map((back) => ({
        id: bulk,
        metric,
        back,
        value: metric === 'load' ? 1 + back / 100 : 30 + (back % 7),
      })),
    ),
  );
  // A collector: one statement a minute across servers, oldest first.
  for (const back of range(0, 19).reverse()) {
    await write([
      { id: collected, metric: 'cpu', back, value: 50 + back },
      { id: collected, metric: 'memory', back, value: 60 },
      { id: spike, metric: 'cpu', back, value: back === 0 ? 95 : 20 },
      { id: busy, metric: 'cpu', back, value: 90 + (back % 3) },
      { id: busy, metric: 'disk_io', back, value: 5 },
    ]);
  }
  // Out of order: the newest minutes first, older ones after (they must not replace the newest).
  await write(range(0, 4).map((back) => ({ id: reordered, metric: 'cpu', back, value: 88 })));
  await write(range(5, 30).map((back) => ({ id: reordered, metric: 'cpu', back, value: 10 })));
  // Nothing in the last 15 minutes.
  await write(range(16, 40).map((back) => ({ id: stale, metric: 'cpu', back, value: 99 })));
  await write([
    { id: memoryOnly, metric: 'memory', back: 3, value: 42.5 },
    { id: memoryOnly, metric: 'disk', back: 0, value: 70 },
  ]);
  await write(range(0, 5).map((back) => ({ id: deleted, metric: 'cpu', back, value: 97 })));
  // The newest sample deleted (a series removed, a test cleaning up): its series is forgotten.
  await pool.query(`delete from metric_samples where server_id = $1 and at = date_trunc('minute', now())`, [
    deleted,
  ]);
});
afterAll(async () => {
  await pool?.query('delete from metric_samples where server_id = any($1::text[])', [ids]).catch(() => {});
  await pool?.end();
});

describe('current load from metric_latest', () => {
  it('is what the samples say, however they were written', async () => {
    const want = await oracle();
    const got = await createDatabaseMetrics(db).current(
      ids.map((id) => ({ id, name: id })),
      null,
    );
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(want));
    // The oracle is not empty-handed: each case shows what it is about.
    expect(got.get(bulk)).toMatchObject({ cpu: 30, memory: 30, load: 1 });
    expect(got.get(collected)?.cpu).toBe(50);
    expect(got.get(spike)).toMatchObject({ cpu: 95 });
    expect(got.get(spike)?.cpu_15m).toBeLessThan(HIGH_CPU_PERCENT);
    expect(got.get(reordered)).toMatchObject({ cpu: 88 });
    expect(got.has(stale)).toBe(false);
    expect(got.get(memoryOnly)).toMatchObject({ cpu: null, memory: 42.5, load: null, cpu_15m: null });
    // The newest minute deleted: the row is read again from the minutes left.
    expect(got.get(deleted)).toMatchObject({ cpu: 97, cpu_15m: 97 });
    expect(Date.parse(got.get(deleted)?.at ?? '')).toBe(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  });

  it('finds the servers under sustained load without a list of servers', async () => {
    const metrics = createDatabaseMetrics(db);
    const found = await metrics.sustained({
      percent: HIGH_CPU_PERCENT,
      tenant: null,
      servers: () => Promise.reject(new Error('the database source needs no list')),
    });
    const want = [...(await oracle())]
      .filter(([, load]) => (load.cpu_15m ?? 0) >= HIGH_CPU_PERCENT)
      .map(([id]) => id);
    expect(want.sort()).toEqual([busy, deleted].sort());
    expect(ids.filter((id) => found.has(id)).sort()).toEqual(want.sort());
    expect(found.get(busy)).toEqual((await oracle()).get(busy));
  });

  it('a write after a gap starts a new window', async () => {
    await write([{ id: stale, metric: 'cpu', back: 0, value: 10 }]);
    const got = await createDatabaseMetrics(db).current([{ id: stale, name: stale }], null);
    expect(got.get(stale)).toMatchObject({ cpu: 10, cpu_15m: 10 });
    expect(got.get(stale)).toEqual((await oracle()).get(stale));
  });
});

describe('offline servers from the landscape', () => {
  it('counts and lists what the server list says, for every demo customer', async () => {
    const landscape = createDatabaseLandscapeSource(db);
    for (const customer of [1001, 1002, 1003, 1004, 1005, 1006, 999_999]) {
      const offline = (await landscape.servers(customer)).filter((server) => server.status === 'offline');
      for (const limit of [0, 1, 5]) {
        expect(await landscape.offlineServers(customer, limit)).toEqual({
          count: offline.length,
          servers: offline.slice(0, limit),
        });
      }
    }
  });
});
