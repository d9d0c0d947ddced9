import type { Servers, Trends } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
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
  // The series end when the run's database was seeded, which on a busy machine can be longer ago
  // than the overview's 15-minute "current" window: top them up to now, as a later start does.
  const { db, pool } = createDatabase(server.databaseUrl, 1);
  await seedDemo(db).finally(() => pool.end());
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
    expect(answer.step_seconds).toBe(
      Math.ceil((to.getTime() - Math.floor(from.getTime() / 1000) * 1000) / 1000 / 1000),
    );
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
    expect(answer.series[0]?.values).toEqual(new Array(24).fill(null));
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
