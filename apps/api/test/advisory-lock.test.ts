import { afterAll, describe, expect, inject, it } from 'vitest';
import { withAdvisoryLock } from '../src/db/advisory-lock.ts';
import { createDatabase } from '../src/db/client.ts';

/**
 * The outbox deliveries' lock (mail and chat) on the API's own pool, as createDatabase makes it, on
 * this run's PostgreSQL: locks need no tables.
 */
const { pool } = createDatabase(inject('databaseUrl'), 4);
afterAll(() => pool.end());

const LOCK_CLASS = 0x74657374;
const busy = () => new Error('busy');

/** Holds the lock on `id` until the returned release is called. */
function hold(id: number) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = withAdvisoryLock(pool, LOCK_CLASS, id, busy, async () => {
    started();
    await held;
    return 'held';
  });
  return { running, release, done };
}

describe('withAdvisoryLock', () => {
  it('refuses the same id while another holds it, runs other ids, and frees the lock afterwards', async () => {
    const first = hold(41);
    await first.running;
    await expect(withAdvisoryLock(pool, LOCK_CLASS, 41, busy, async () => 'second')).rejects.toThrow('busy');
    expect(await withAdvisoryLock(pool, LOCK_CLASS, 42, busy, async () => 'other')).toBe('other');
    first.release();
    expect(await first.done).toBe('held');
    expect(await withAdvisoryLock(pool, LOCK_CLASS, 41, busy, async () => 'after')).toBe('after');
  });

  it('frees the lock and the connection when the work throws', async () => {
    await expect(
      withAdvisoryLock(pool, LOCK_CLASS, 43, busy, async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await withAdvisoryLock(pool, LOCK_CLASS, 43, busy, async () => 'again')).toBe('again');
    const { rows } = await pool.query<{ count: string }>(
      `select count(*) from pg_locks where locktype = 'advisory' and classid = $1::bigint::oid`,
      [LOCK_CLASS],
    );
    expect(Number(rows[0]?.count)).toBe(0);
    expect(pool.totalCount).toBeLessThanOrEqual(4);
    expect(pool.waitingCount).toBe(0);
  });

  it('survives its connection dying under the work: the pool drops it, the process goes on, the id is free', async () => {
    let pid = 0;
    const outcome = await withAdvisoryLock(pool, LOCK_CLASS, 44, busy, async (client) => {
      pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
      // The connection dies while the work waits (as a delivery waits for SMTP): no statement is
      // running on it, so only the client's 'error' event tells; the unlock then fails.
      await pool.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 'finished';
    });
    expect(outcome).toBe('finished');
    expect(pid).toBeGreaterThan(0);
    // The lock went with the terminated session; the next delivery of the id gets it, elsewhere.
    const next = await withAdvisoryLock(
      pool,
      LOCK_CLASS,
      44,
      busy,
      async (client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid,
    );
    expect(next).not.toBe(pid);
  });
});
