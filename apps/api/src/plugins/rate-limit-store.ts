import type pg from 'pg';

/** One counted call: the calls of its key in the window so far (this one included), and the time left. */
export interface Hit {
  current: number;
  ttl: number;
}

interface Lease {
  /** When this window ends, on this process's clock. */
  endsAt: number;
  /** The shared count after this process's last lease (hits of every process in the window). */
  total: number;
  /** Hits of the leases this process has not used yet. */
  unused: number;
}

/**
 * One fixed window per key, counted in PostgreSQL (`rate_limits`, unlogged) so that every API process
 * draws on the same budget. A write per request would cost more than many routes themselves, so a
 * process leases hits in batches of a fiftieth of the budget (1 while the budget is below 100; 24 at
 * the default 1,200 a minute), and a key that is over its limit is refused locally until its window
 * ends. The price is accuracy of at most one and a half batches per process, 3 % of the budget: hits
 * a process holds that the others cannot use.
 *
 * One lease per key is asked at a time, the next one when half the current one is used (batches of 4
 * and more): a call is counted at once, without a promise, while hits are left, and calls that find
 * none wait for the lease being asked instead of each writing. (With a write per call that found no
 * hits, twenty calls at once queued on the row's lock: decision 0032.)
 */
const LEASE_SQL = `
  INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), $2)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END,
    hits = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN $2 ELSE r.hits + $2 END
  RETURNING hits, (extract(epoch FROM (r.window_start + make_interval(secs => $3) - now())) * 1000)::float8 AS ttl_ms`;

const PURGE_SQL = `DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`;

/** The hits one lease takes: a fiftieth of the budget, at least 1. */
export function leaseSize(max: number): number {
  return Math.max(1, Math.floor(max / 50));
}

/** The shared budget of calls per key and window, over one connection pool. */
export function postgresRateLimitBudget(pool: pg.Pool, clock: () => number = Date.now) {
  const leases = new Map<string, Lease>();
  /** Keys whose lease is being asked, with the calls waiting for it. */
  const asking = new Map<string, (() => void)[]>();
  let leasesTaken = 0;

  /** Counts a call of `key`: at once from this process's lease, or once the database answered. */
  function hit(key: string, windowMs: number, max: number): Hit | Promise<Hit> {
    const now = clock();
    const lease = leases.get(key);
    if (lease && lease.endsAt > now) {
      if (lease.unused > 0) {
        lease.unused -= 1;
        const size = leaseSize(max);
        if (size >= 4 && lease.unused <= size / 2 && lease.total < max && !asking.has(key)) {
          // Half the lease used: the next is asked now, so that no call waits for it.
          ask(key, windowMs, max, false).catch(() => {});
        }
        return { current: lease.total - lease.unused, ttl: lease.endsAt - now };
      }
      // The budget is used up: refused here until the window ends, without asking the database.
      if (lease.total >= max) return { current: lease.total + 1, ttl: lease.endsAt - now };
    }
    const waiting = asking.get(key);
    if (!waiting) return ask(key, windowMs, max, true);
    // Once the lease arrives (or failed), the call counts again: from the new hits, or by asking anew.
    return new Promise<Hit>((resolve) => waiting.push(() => resolve(hit(key, windowMs, max))));
  }

  /** Asks the next lease of a key; `forCall`: a call is waiting for it and takes its first hit. */
  function ask(key: string, windowMs: number, max: number, forCall: boolean): Promise<Hit> {
    const queue: (() => void)[] = [];
    asking.set(key, queue);
    const answer = take(key, windowMs, max, forCall);
    const done = () => {
      asking.delete(key);
      for (const next of queue) next();
    };
    answer.then(done, done);
    return answer;
  }

  async function take(key: string, windowMs: number, max: number, forCall: boolean): Promise<Hit> {
    const size = leaseSize(max);
    const { rows } = await pool.query<{ hits: number; ttl_ms: number }>(LEASE_SQL, [
      key,
      size,
      windowMs / 1000,
    ]);
    const row = rows[0];
    if (!row) throw new Error('rate limit lease returned no row');
    const ttl = Math.max(0, row.ttl_ms);
    const now = clock();
    // Hits left of the lease before, while the database's window is still the one they came from.
    const previous = leases.get(key);
    const carried = previous && previous.endsAt > now && row.hits > size ? previous.unused : 0;
    const lease = { endsAt: now + ttl, total: row.hits, unused: carried + size - (forCall ? 1 : 0) };
    leases.set(key, lease);
    if (leases.size > 10_000) forgetEnded();
    // Now and then, windows that ended long ago leave the table.
    leasesTaken += 1;
    if (leasesTaken % 1000 === 0) pool.query(PURGE_SQL).catch(() => {});
    return { current: lease.total - lease.unused, ttl };
  }

  function forgetEnded() {
    const now = clock();
    for (const [key, lease] of leases) if (lease.endsAt <= now) leases.delete(key);
    if (leases.size > 10_000) leases.clear();
  }

  return { hit };
}
