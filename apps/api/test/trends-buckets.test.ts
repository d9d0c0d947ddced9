import { graphMetrics, type Servers, type Trends } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import {
  demoActivity,
  demoSeries,
  demoValue,
  serverTraits,
  withDemoSeries,
} from '../src/modules/trends/demo-series.ts';
import { createDatabaseMetrics, rollupSeconds } from '../src/modules/trends/trends.repo.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Server-side bucketing against its own oracle: the same hour asked at one-minute buckets (the raw
 * samples) and at six-minute buckets; every coarse bucket must be the min, max and mean of its six
 * minutes. Also the demo series: 60 days of gk-web01, office hours and an incident, the current load.
 */
const base = '/api/v2/customer/1001';
const WEB = 'virtual-machines/1';

let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

async function trends(graph: string, from: Date, to: Date, width: number, ids = WEB): Promise<Trends> {
  const query = new URLSearchParams({
    server_ids: ids,
    graph,
    from: from.toISOString(),
    to: to.toISOString(),
    width: String(width),
  });
  const response = await send(server, 'GET', `${base}/trends?${query}`, { token: owner });
  expect(response.status).toBe(200);
  return response.json as Trends;
}

const minute = 60_000;
const hourAgo = () => {
  const to = new Date(Math.floor(Date.now() / minute) * minute - 2 * 3_600_000);
  return { from: new Date(to.getTime() - 3_600_000), to };
};

describe('trends buckets', () => {
  it('six-minute buckets are the min, max and mean of their minutes', async () => {
    const { from, to } = hourAgo();
    const fine = await trends('network', from, to, 60);
    const coarse = await trends('network', from, to, 10);
    expect(fine.step_seconds).toBe(60);
    expect(coarse.step_seconds).toBe(360);
    expect(fine.timestamps).toHaveLength(60);
    expect(coarse.timestamps).toHaveLength(10);
    expect(coarse.timestamps[1]).toBe((coarse.timestamps[0] ?? 0) + 360);
    expect(coarse.series.map((series) => series.metric)).toEqual(['net_in', 'net_out']);
    coarse.series.forEach((series, index) => {
      const raw = fine.series[index]?.values ?? [];
      expect(raw.every((value) => value !== null)).toBe(true);
      series.values.forEach((mean, bucket) => {
        const minutes = raw.slice(bucket * 6, bucket * 6 + 6) as number[];
        expect(mean).toBeCloseTo(minutes.reduce((sum, value) => sum + value, 0) / 6, 1);
        expect(series.min[bucket]).toBeCloseTo(Math.min(...minutes), 1);
        expect(series.max[bucket]).toBeCloseTo(Math.max(...minutes), 1);
      });
    });
  });

  it('60 days of gk-web01 in 1000 buckets, daily rhythm and an incident, CPU within 0–100 %', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 59 * 86_400_000);
    const answer = await trends('cpu', from, to, 1000);
    expect(answer.unit).toBe('%');
    // Long buckets: whole 5 minutes from the 5-minute boundary at or before from (decision 0018).
    const plain = Math.ceil((to.getTime() - Math.floor(from.getTime() / 1000) * 1000) / 1000 / 1000);
    expect(answer.step_seconds % 300).toBe(0);
    expect(answer.step_seconds - plain).toBeLessThan(600);
    expect(answer.step_seconds).toBeGreaterThanOrEqual(plain);
    expect(answer.from).toBe(new Date(Math.floor(from.getTime() / 300_000) * 300_000).toISOString());
    expect(answer.timestamps[0]).toBe(Date.parse(answer.from) / 1000);
    expect(answer.timestamps.length).toBeLessThanOrEqual(1000);
    const values = answer.series[0]?.values.filter((value): value is number => value !== null) ?? [];
    expect(values.length).toBeGreaterThan(990);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    const max = Math.max(...(answer.series[0]?.max.filter((value): value is number => value !== null) ?? []));
    expect(max).toBeCloseTo(97, 0);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(20);
  });

  it('a server without samples in the range answers nulls, not zeros', async () => {
    const to = new Date(Date.now() - 70 * 86_400_000);
    const answer = await trends('load', new Date(to.getTime() - 86_400_000), to, 24, 'virtual-machines/3');
    // Hour-long buckets from a 5-minute boundary before from: 23 or 24 of them (decision 0018).
    expect(answer.timestamps.length).toBeGreaterThanOrEqual(23);
    expect(answer.series[0]?.values).toEqual(new Array(answer.timestamps.length).fill(null));
  });

  it('servers: current load for measured servers, none for the offline one', async () => {
    const response = await send(server, 'GET', `${base}/servers`, { token: owner });
    const answer = response.json as Servers;
    const web = answer.servers.find((entry) => entry.server_id === WEB);
    expect(web?.name).toBe('gk-web01');
    expect(web?.current?.cpu).toBeGreaterThanOrEqual(0);
    expect(web?.current?.load).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(web?.current?.at ?? '')).toBeLessThan(16 * 60_000);
    expect(answer.servers.find((entry) => entry.name === 'gk-test01')?.current).toBeNull();
    expect(answer.observe?.flavor).toBe('standard');
  });
});

describe('demo series', () => {
  it('every active server of every demo customer has the last 60 days; others have none', async () => {
    const staff = await tokenSource(server)('staff-viewer');
    // Days from noon to noon (UTC), so every bucket holds a whole night's back-up burst whatever the
    // time of the run: a range ending at 00:21 made day-and-5-minute buckets, the last without a burst.
    const day = 86_400_000;
    const noon = Math.floor((Date.now() - day / 2) / day) * day + day / 2;
    const to = new Date(noon);
    const from = new Date(to.getTime() - 59 * day);
    for (const customer of [1001, 1002, 1003, 1004, 1005, 1006]) {
      const listed = await send(server, 'GET', `/api/v2/customer/${customer}/servers`, { token: staff });
      const { servers } = listed.json as Servers;
      expect(servers.length).toBeGreaterThan(3);
      for (const entry of servers) expect(entry.current !== null).toBe(entry.status === 'active');
      const query = new URLSearchParams({
        server_ids: servers.map((entry) => entry.server_id).join(','),
        graph: 'disk_io',
        from: from.toISOString(),
        to: to.toISOString(),
        width: '59',
      });
      const response = await send(server, 'GET', `/api/v2/customer/${customer}/trends?${query}`, {
        token: staff,
      });
      expect(response.status).toBe(200);
      const answer = response.json as Trends;
      expect(answer.series.map((series) => series.server_id)).toEqual(
        servers.map((entry) => entry.server_id),
      );
      answer.series.forEach((series, index) => {
        const active = servers[index]?.status === 'active';
        // A day a bucket: every one holds samples, and each day's back-up burst tops the I/O.
        expect(series.values.every((value) => (active ? value !== null : value === null))).toBe(true);
        if (active) expect(Math.min(...(series.max as number[]))).toBeGreaterThan(95);
      });
    }
  });

  it('weekdays are busier than weekends, and an incident day in every 29 reaches 97 %', () => {
    const traits = serverTraits('virtual-machines/1');
    const at14 = (day: number) => demoActivity(traits, day * 1440 + 14 * 60);
    // Day 20,773 since 1970 is Monday 16 November 2026; the 21st and 22nd are the weekend.
    expect(new Date(20_773 * 86_400_000).getUTCDay()).toBe(1);
    for (const weekday of [20_773, 20_774, 20_775, 20_776, 20_777]) {
      for (const weekend of [20_778, 20_779]) expect(at14(weekday)).toBeGreaterThan(at14(weekend) * 1.5);
    }
    const incidents = Array.from({ length: 29 }, (_, offset) => 20_750 + offset).filter(
      (day) => demoActivity(traits, day * 1440 + 11 * 60) === 0.97,
    );
    expect(incidents).toHaveLength(1);
    expect(demoActivity(traits, (incidents[0] as number) * 1440 + 14 * 60)).toBeLessThan(0.97);
  });

  it('computed buckets are what PostgreSQL makes of the same samples in metric_samples', async () => {
    const id = 'virtual-machines/oracle-1';
    const traits = serverTraits(id);
    const now = new Date();
    // Unaligned on purpose: the range starts and ends between minutes.
    const to = new Date(Math.floor(now.getTime() / minute) * minute - 3 * 3_600_000 + 17_000);
    const from = new Date(to.getTime() - 5 * 3_600_000 - 23_000);
    const metrics = graphMetrics.network;
    const rows: { metric: string[]; at: number[]; value: number[] } = { metric: [], at: [], value: [] };
    const firstMinute = Math.floor(from.getTime() / minute) - 30;
    for (let m = firstMinute; m < firstMinute + 7 * 60; m++) {
      const activity = demoActivity(traits, m);
      for (const metric of metrics) {
        rows.metric.push(metric);
        rows.at.push(m * 60);
        rows.value.push(demoValue(metric, traits, m, activity));
      }
    }
    const { db, pool } = createDatabase(server.databaseUrl, 1);
    try {
      await pool.query(
        `insert into metric_samples (server_id, metric, at, value)
         select $1, metric, to_timestamp(at), value from unnest($2::text[], $3::bigint[], $4::real[]) as t(metric, at, value)`,
        [id, rows.metric, rows.at, rows.value],
      );
      const stored = createDatabaseMetrics(db);
      const request = {
        servers: [{ id, name: 'oracle' }],
        graph: 'network' as const,
        from: new Date(Math.floor(from.getTime() / 1000) * 1000),
        to,
        stepSeconds: 420,
        tenant: null,
      };
      const fromDatabase = await stored.series(request);
      const computed = demoSeries(request, now);
      expect(computed.timestamps).toEqual(fromDatabase.timestamps);
      expect(fromDatabase.series.map((series) => series.metric)).toEqual(['net_in', 'net_out']);
      computed.series.forEach((series, index) => {
        const expected = fromDatabase.series[index];
        expect(series.values.every((value) => value !== null)).toBe(true);
        expect(series.min).toEqual(expected?.min);
        expect(series.max).toEqual(expected?.max);
        series.values.forEach((value, bucket) => {
          expect(Math.abs((value ?? 0) - (expected?.values[bucket] ?? -1))).toBeLessThanOrEqual(0.011);
        });
      });

      // Demo and stored servers in one request keep the request's order.
      const web = { id: 'virtual-machines/1', name: 'gk-web01' };
      const mixed = await withDemoSeries(
        stored,
        async () => new Set([web.id]),
        () => now,
      ).series({ ...request, servers: [web, { id, name: 'oracle' }] });
      expect(mixed.series.map((series) => `${series.server_id} ${series.metric}`)).toEqual([
        'virtual-machines/1 net_in',
        'virtual-machines/1 net_out',
        `${id} net_in`,
        `${id} net_out`,
      ]);
      expect(mixed.series.slice(2)).toEqual(fromDatabase.series);

      // Buckets of whole 5 minutes from a boundary come from metric_rollups: the same again.
      const rolled = {
        ...request,
        from: new Date(Math.floor(from.getTime() / 300_000) * 300_000),
        stepSeconds: 900,
      };
      const fromRollups = await stored.series(rolled);
      const computedRolled = demoSeries(rolled, now);
      expect(computedRolled.timestamps).toEqual(fromRollups.timestamps);
      computedRolled.series.forEach((series, index) => {
        const expected = fromRollups.series[index];
        expect(series.values.every((value) => value !== null)).toBe(true);
        expect(series.min).toEqual(expected?.min);
        expect(series.max).toEqual(expected?.max);
        series.values.forEach((value, bucket) => {
          expect(Math.abs((value ?? 0) - (expected?.values[bucket] ?? -1))).toBeLessThanOrEqual(0.011);
        });
      });
    } finally {
      await pool.query('delete from metric_samples where server_id = $1', [id]).catch(() => {});
      await pool.end();
    }
  });
});

describe('stored samples', () => {
  it('min and max are rounded from the stored real itself, as the computed series round it', async () => {
    // 18.605 stored as real is 18.60499954…: PostgreSQL's shortest text of it reads "18.605", which
    // rounded to 18.61 where the demo's own Math.fround value rounds to 18.6 (a CI run met the tie).
    const id = 'virtual-machines/rounding-1';
    const at = Math.floor(Date.now() / 3_600_000) * 3_600 - 7_200;
    const { db, pool } = createDatabase(server.databaseUrl, 1);
    try {
      await pool.query(
        `insert into metric_samples (server_id, metric, at, value)
         values ($1, 'net_in', to_timestamp($2), 18.605), ($1, 'net_in', to_timestamp($2 + 60), 3.125)`,
        [id, at],
      );
      const stored = createDatabaseMetrics(db);
      const request = {
        servers: [{ id, name: 'rounding' }],
        graph: 'network' as const,
        from: new Date(at * 1000),
        to: new Date((at + 600) * 1000),
        tenant: null,
      };
      // Two-minute buckets are made from the samples; five-minute buckets from a boundary, from metric_rollups.
      expect(rollupSeconds(at, 120)).toBeNull();
      expect(rollupSeconds(at, 300)).toBe(300);
      for (const stepSeconds of [120, 300]) {
        const answer = await stored.series({ ...request, stepSeconds });
        const netIn = answer.series.find((series) => series.metric === 'net_in');
        expect(netIn?.max[0]).toBe(Math.round(Math.fround(18.605) * 100) / 100);
        expect(netIn?.max[0]).toBe(18.6);
        expect(netIn?.min[0]).toBe(3.13);
      }
    } finally {
      await pool.query('delete from metric_samples where server_id = $1', [id]).catch(() => {});
      await pool.end();
    }
  });
});
