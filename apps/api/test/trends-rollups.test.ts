import {
  bucketGrid,
  COARSE_ROLLUP_SECONDS,
  graphMetrics,
  ROLLUP_SECONDS,
  type TrendSeries,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import {
  createDatabaseMetrics,
  rollupSeconds,
  TRENDS_BUCKETS_SQL,
  TRENDS_ROLLUP_BUCKETS_SQL,
} from '../src/modules/trends/trends.repo.ts';

/**
 * metric_rollups (decision 0018) against its oracle, metric_samples itself: after every kind of write
 * (a bulk load, a collector's minutes, late and duplicate samples, deletes, updates) the table holds
 * exactly the samples regrouped in 5-minute buckets, and a long range answered from it has the same
 * min, max and mean per bucket as the same grid read from the samples, with the range's end cutting a
 * bucket or not. Server ids and days of their own (the database is shared with other files).
 */
const ids = Array.from({ length: 4 }, (_, index) => `devices/rollup-test-${index}`);
const [bulk, collected, late, quiet] = ids as [string, string, string, string];
/** Monday 5 January 2026, 00:00 UTC: far from the other files' samples. */
const T0 = Date.UTC(2026, 0, 5) / 1000;
const minute = 60;
const network = graphMetrics.network;

let pool: ReturnType<typeof createDatabase>['pool'];
let db: ReturnType<typeof createDatabase>['db'];

interface Sample {
  id: string;
  metric: string;
  /** Unix seconds. */
  at: number;
  value: number;
}

async function write(rows: Sample[]) {
  await pool.query(
    `insert into metric_samples (server_id, metric, at, value)
     select id, metric, to_timestamp(at), value
     from unnest($1::text[], $2::text[], $3::float8[], $4::real[]) as t(id, metric, at, value)`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.metric),
      rows.map((row) => row.at),
      rows.map((row) => row.value),
    ],
  );
}

/** A wave with noise of its own per series, to two decimals as collectors report. */
const valueAt = (id: string, metric: string, at: number) =>
  Math.round((50 + 40 * Math.sin(at / 5_000 + id.length + metric.length) + ((at * 7919) % 97) / 10) * 100) /
  100;

const series = (id: string, metric: string, from: number, minutes: number, skip = (_: number) => false) =>
  Array.from({ length: minutes }, (_, index) => from + index * minute)
    .filter((at) => !skip(at))
    .map((at) => ({ id, metric, at, value: valueAt(id, metric, at) }));

interface RollupRow {
  server_id: string;
  metric: string;
  seconds: number;
  bucket: string;
  min: number;
  max: number;
  sum: number;
  count: number;
  newest: string;
}

const ROLLUPS = `
  select server_id, metric, seconds::int as seconds, extract(epoch from bucket)::bigint::text as bucket, min, max,
    sum, count, extract(epoch from newest)::text as newest
  from metric_rollups where server_id = any($1::text[]) order by 1, 2, 3, 4`;
const REGROUPED = `
  select server_id, metric, seconds,
    extract(epoch from date_bin(make_interval(secs => seconds), at, timestamptz '1970-01-01 00:00:00+00'))::bigint::text as bucket,
    min(value) as min, max(value) as max, sum(value::float8) as sum, count(*)::int as count,
    extract(epoch from max(at))::text as newest
  from metric_samples, (values (300), (900)) as sizes(seconds)
  where server_id = any($1::text[]) group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

/** The rollups are the samples regrouped: same buckets, min, max, count, newest; sums to float8 noise. */
async function expectRollupsFollowSamples() {
  const [stored, regrouped] = await Promise.all([
    pool.query<RollupRow>(ROLLUPS, [ids]),
    pool.query<RollupRow>(REGROUPED, [ids]),
  ]);
  expect(stored.rows.length).toBeGreaterThan(0);
  expect(stored.rows.map(({ sum: _, ...row }) => row)).toEqual(
    regrouped.rows.map(({ sum: _, ...row }) => row),
  );
  stored.rows.forEach((row, index) => {
    expect(Math.abs(row.sum - (regrouped.rows[index]?.sum ?? Number.NaN))).toBeLessThanOrEqual(
      1e-9 * Math.abs(row.sum),
    );
  });
}

interface BucketRow {
  server_id: string;
  metric: string;
  t: string;
  min: number;
  max: number;
  mean: number;
}

/**
 * One long range asked of both statements on the grid the service makes: same buckets, min and max
 * exactly, means to float8 noise, from every rollup size that fits the grid; and the database
 * source's answer is the samples' rounded.
 */
async function expectRollupAnswersEqualSamples(from: number, to: number, width: number, servers = ids) {
  const grid = bucketGrid(new Date(from * 1000), new Date(to * 1000), width);
  const start = grid.start.getTime() / 1000;
  const rollup = rollupSeconds(start, grid.stepSeconds);
  expect(rollup).not.toBeNull();
  const values = [grid.stepSeconds, start, servers, network, new Date(to * 1000).toISOString()];
  const order = (rows: BucketRow[]) =>
    rows.sort((a, b) =>
      `${a.server_id} ${a.metric} ${a.t.padStart(12)}`.localeCompare(
        `${b.server_id} ${b.metric} ${b.t.padStart(12)}`,
      ),
    );
  const samples = order((await pool.query<BucketRow>(TRENDS_BUCKETS_SQL, values)).rows);
  const sizes = [COARSE_ROLLUP_SECONDS, ROLLUP_SECONDS].filter(
    (size) => start % size === 0 && grid.stepSeconds % size === 0,
  );
  for (const size of sizes) {
    const rollups = order((await pool.query<BucketRow>(TRENDS_ROLLUP_BUCKETS_SQL, [...values, size])).rows);
    expect(rollups.map(({ mean: _, ...row }) => row)).toEqual(samples.map(({ mean: _, ...row }) => row));
    rollups.forEach((row, index) => {
      expect(Math.abs(row.mean - (samples[index]?.mean ?? Number.NaN))).toBeLessThanOrEqual(
        1e-9 * Math.abs(row.mean),
      );
    });
  }

  const answer = await createDatabaseMetrics(db).series({
    servers: servers.map((id) => ({ id, name: id })),
    graph: 'network',
    from: grid.start,
    to: new Date(to * 1000),
    stepSeconds: grid.stepSeconds,
    tenant: null,
  });
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const expected = new Map<string, TrendSeries>();
  for (const id of servers) {
    for (const metric of network) {
      const empty = () => new Array<number | null>(answer.timestamps.length).fill(null);
      expected.set(`${id} ${metric}`, { server_id: id, metric, values: empty(), min: empty(), max: empty() });
    }
  }
  for (const row of samples) {
    const entry = expected.get(`${row.server_id} ${row.metric}`);
    const index = (Number(row.t) - start) / grid.stepSeconds;
    if (!entry) continue;
    entry.values[index] = round2(row.mean);
    entry.min[index] = round2(row.min);
    entry.max[index] = round2(row.max);
  }
  expect(answer.series).toEqual([...expected.values()]);
  return { grid, filled: samples.length, answer, rollup };
}

beforeAll(async () => {
  ({ db, pool } = createDatabase(inject('databaseUrl'), 2));
  await pool.query('delete from metric_samples where server_id = any($1::text[])', [ids]);
  // A bulk load: three days of both network metrics, series by series in one statement, with an
  // hour missing and the samples half a minute past the minute.
  await write(
    network.flatMap((metric) =>
      series(bulk, metric, T0 + 30, 3 * 1440, (at) => at >= T0 + 86_400 && at < T0 + 86_400 + 3_600),
    ),
  );
  // A collector: one statement a minute across two servers, oldest first, for six hours.
  for (let m = 0; m < 6 * 60; m++) {
    await write(
      [collected, late].flatMap((id) =>
        network.map((metric) => ({
          id,
          metric,
          at: T0 + m * minute,
          value: valueAt(id, metric, T0 + m * minute),
        })),
      ),
    );
  }
});
afterAll(async () => {
  await pool?.query('delete from metric_samples where server_id = any($1::text[])', [ids]).catch(() => {});
  await pool?.end();
});

describe('5-minute rollups', () => {
  it('follow the samples of a bulk load and of a collector', async () => {
    await expectRollupsFollowSamples();
    const { rows } = await pool.query<{ count: number }>(
      'select seconds::int as seconds, count(*)::int as count from metric_rollups where server_id = $1 group by 1 order by 1',
      [bulk],
    );
    // 3 days of 288 (96) buckets, less the missing hour's 12 (4), for two metrics.
    expect(rows).toEqual([
      { seconds: 300, count: 2 * (3 * 288 - 12) },
      { seconds: 900, count: 2 * (3 * 96 - 4) },
    ]);
  });

  it('merge samples written late, out of order and twice into the stored buckets', async () => {
    await write([
      // New extremes in buckets already rolled up.
      { id: late, metric: 'net_in', at: T0 + 17 * minute + 20, value: 1_000 },
      { id: late, metric: 'net_in', at: T0 + 42 * minute, value: -5 },
      // The same minute again (no primary key: both count, in the samples and in the rollups).
      { id: late, metric: 'net_out', at: T0 + 3 * minute, value: 7.25 },
      // Before the series' first bucket, and after its last.
      { id: late, metric: 'net_out', at: T0 - 2 * minute, value: 3 },
      { id: late, metric: 'net_out', at: T0 + 6 * 3_600 + 90, value: 4 },
    ]);
    await expectRollupsFollowSamples();
  });

  it('count their buckets again when samples are deleted or changed', async () => {
    // The maximum of a bucket, one whole bucket, and a stretch across bucket boundaries.
    await pool.query(
      `delete from metric_samples where server_id = $1 and metric = 'net_in' and value = 1000`,
      [late],
    );
    await pool.query('delete from metric_samples where server_id = $1 and at >= $2 and at < $3', [
      collected,
      new Date((T0 + 600) * 1000).toISOString(),
      new Date((T0 + 900) * 1000).toISOString(),
    ]);
    await pool.query(
      `delete from metric_samples where server_id = $1 and metric = 'net_out' and at >= to_timestamp($2) and at < to_timestamp($3)`,
      [bulk, T0 + 7_000, T0 + 9_100],
    );
    // Values changed, and samples moved into another bucket (and day).
    await pool.query(
      `update metric_samples set value = value * 2 where server_id = $1 and at >= to_timestamp($2) and at < to_timestamp($3)`,
      [collected, T0 + 3_600, T0 + 4_000],
    );
    await pool.query(
      `update metric_samples set at = at + interval '1 day 7 minutes'
       where server_id = $1 and metric = 'net_in' and at >= to_timestamp($2) and at < to_timestamp($3)`,
      [late, T0 + 7_200, T0 + 7_500],
    );
    // Nothing deleted: nothing to count.
    await pool.query('delete from metric_samples where server_id = $1', [quiet]);
    await expectRollupsFollowSamples();
  });

  it('are emptied with the samples by TRUNCATE', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("set local lock_timeout = '10s'");
      await client.query('truncate metric_samples');
      const { rows } = await client.query<{ count: number }>(
        'select count(*)::int as count from metric_rollups',
      );
      expect(rows[0]?.count).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
    await expectRollupsFollowSamples();
  });
});

describe('long ranges from the rollups', () => {
  it('answer what the samples answer, whether the ends cut a rollup or not', async () => {
    // Three days from a boundary to one; from and to inside buckets; to cutting a bucket with later
    // samples (read from the samples) and one whose samples all lie before it (taken whole).
    const cases: [number, number, number][] = [
      [T0, T0 + 3 * 86_400, 200],
      [T0 + 137, T0 + 3 * 86_400 - 1_000 + 41, 150],
      [T0 + 3_000, T0 + 86_400 + 7 * minute + 10, 50],
      [T0 - 600, T0 + 6 * 3_600 + 4 * minute, 20],
      [T0 + 61, T0 + 2 * 86_400 + 30, 150],
    ];
    const used = new Set<number | null>();
    for (const [from, to, width] of cases) {
      const { grid, filled, answer, rollup } = await expectRollupAnswersEqualSamples(from, to, width);
      used.add(rollup);
      expect(filled).toBeGreaterThan(0);
      expect(grid.stepSeconds % ROLLUP_SECONDS).toBe(0);
      expect(answer.timestamps.length).toBeLessThanOrEqual(width);
      expect(answer.timestamps[0]).toBeLessThanOrEqual(from);
      expect(from).toBeLessThan((answer.timestamps[0] ?? 0) + grid.stepSeconds);
    }
    // Both sizes of rollups answered some of these.
    expect([...used].sort()).toEqual([COARSE_ROLLUP_SECONDS, ROLLUP_SECONDS].sort());
  });

  it('answer what the samples answer for any range over the written days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -3_600, max: 2 * 86_400 }),
        fc.integer({ min: 3_600, max: 3 * 86_400 }),
        fc.integer({ min: 10, max: 200 }),
        async (offset, length, width) => {
          const from = T0 + offset;
          // Long enough for rollup buckets at this width.
          const to = from + Math.max(length, width * 900);
          await expectRollupAnswersEqualSamples(from, to, width);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('bucket grid', () => {
  it('keeps short buckets and rounds long ones up to whole rollups from a boundary, never more than width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_500_000_000, max: 1_900_000_000 }),
        fc.integer({ min: 1, max: 400 * 86_400 }),
        fc.integer({ min: 10, max: 4_000 }),
        (from, range, width) => {
          const grid = bucketGrid(new Date(from * 1000), new Date((from + range) * 1000), width);
          const start = grid.start.getTime() / 1000;
          const plain = Math.max(60, Math.ceil(range / width));
          const count = Math.max(1, Math.ceil((from + range - start) / grid.stepSeconds));
          expect(count).toBeLessThanOrEqual(width);
          if (plain < 900) {
            expect(grid).toEqual({ start: new Date(from * 1000), stepSeconds: plain });
          } else {
            // The first bucket holds from; whole rollups, 15 minutes when the step is whole 15.
            expect(start).toBeLessThanOrEqual(from);
            expect(from).toBeLessThan(start + grid.stepSeconds);
            expect(grid.stepSeconds % ROLLUP_SECONDS).toBe(0);
            expect(grid.stepSeconds).toBeGreaterThanOrEqual(plain);
            expect(grid.stepSeconds).toBeLessThan(plain + 2 * ROLLUP_SECONDS + COARSE_ROLLUP_SECONDS / width);
            expect(rollupSeconds(start, grid.stepSeconds)).toBe(
              grid.stepSeconds % COARSE_ROLLUP_SECONDS === 0 && start % COARSE_ROLLUP_SECONDS === 0
                ? COARSE_ROLLUP_SECONDS
                : ROLLUP_SECONDS,
            );
          }
        },
      ),
    );
  });
});
