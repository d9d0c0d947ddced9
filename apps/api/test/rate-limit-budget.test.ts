import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Hit, leaseSize, postgresRateLimitBudget } from '../src/plugins/rate-limit-store.ts';

/**
 * The shared rate-limit budget (decision 0032) with leases of more than one hit: calls at once share
 * one write, the next lease is asked before the current one runs out, the count stays exact within a
 * process, and a new window starts the count again. Keys of their own on this run's database.
 */
let pool: pg.Pool;
let statements = 0;
let lastStatement: Promise<unknown> = Promise.resolve();

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 4 });
  const query = pool.query.bind(pool);
  pool.query = ((...args: Parameters<typeof query>) => {
    statements += 1;
    const answer = query(...args) as unknown as Promise<unknown>;
    lastStatement = answer;
    return answer;
  }) as typeof pool.query;
});
afterAll(async () => {
  await pool?.end();
});

const newKey = () => `test:${randomBytes(6).toString('hex')}`;
const stored = async (key: string) =>
  (await pool.query<{ hits: number }>('select hits from rate_limits where key = $1', [key])).rows[0]?.hits;

describe('the rate-limit budget', () => {
  it('leases a fiftieth of the budget, at least one hit', () => {
    expect([1, 5, 99, 100, 1200, 1_000_000].map(leaseSize)).toEqual([1, 1, 1, 2, 24, 20_000]);
  });

  it('counts 100 calls at once with a few writes, each call once', async () => {
    const budget = postgresRateLimitBudget(pool);
    const key = newKey();
    const before = statements;
    const hits = await Promise.all(Array.from({ length: 100 }, () => budget.hit(key, 60_000, 1000)));
    const writes = statements - before;
    // Lease 20: the first write serves 20 calls, the others waited for it or for the next ones.
    expect(writes).toBeGreaterThanOrEqual(5);
    expect(writes).toBeLessThanOrEqual(7);
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
    // What the process holds beyond its calls is at most one and a half leases.
    const total = (await stored(key)) as number;
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total).toBeLessThanOrEqual(130);
  });

  it('answers at once while hits are left, and asks the next lease before they run out', async () => {
    const budget = postgresRateLimitBudget(pool);
    const key = newKey();
    expect(budget.hit(key, 60_000, 1000)).toBeInstanceOf(Promise);
    await Promise.resolve(budget.hit(key, 60_000, 1000));
    let waited = 0;
    for (let index = 0; index < 200; index++) {
      const hit = budget.hit(key, 60_000, 1000);
      if (hit instanceof Promise) {
        waited += 1;
        await hit;
      } else {
        // The early ask (made 10 calls ahead) comes back before the next call, as it does when the
        // database answers within the time of those calls.
        await lastStatement;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    expect(waited).toBe(0);
    expect(await stored(key)).toBeGreaterThanOrEqual(202);
  });

  it('allows exactly the budget, then refuses without writing until the window ends', async () => {
    const budget = postgresRateLimitBudget(pool);
    const key = newKey();
    const max = 200;
    const results: Hit[] = [];
    for (let index = 0; index < 260; index++) results.push(await budget.hit(key, 1500, max));
    expect(results.filter((hit) => hit.current <= max)).toHaveLength(max);
    expect(results.slice(max).every((hit) => hit.current > max && hit.ttl > 0)).toBe(true);
    const before = statements;
    for (let index = 0; index < 50; index++) await budget.hit(key, 1500, max);
    expect(statements - before).toBe(0);
    // A new window: the count starts again.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const fresh = await budget.hit(key, 1500, max);
    expect(fresh.current).toBe(1);
  });

  it('shares one budget between two processes', async () => {
    const a = postgresRateLimitBudget(pool);
    const b = postgresRateLimitBudget(pool);
    const key = newKey();
    const max = 400;
    const allowed = { a: 0, b: 0 };
    for (let index = 0; index < 300; index++) {
      if ((await a.hit(key, 60_000, max)).current <= max) allowed.a += 1;
      if ((await b.hit(key, 60_000, max)).current <= max) allowed.b += 1;
    }
    // Each process may hold up to one and a half leases (8 each × 1.5) the other could not use.
    expect(allowed.a + allowed.b).toBeLessThanOrEqual(max);
    expect(allowed.a + allowed.b).toBeGreaterThanOrEqual(max - 24);
  });
});
