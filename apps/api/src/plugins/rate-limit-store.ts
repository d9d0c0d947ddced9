import type pg from 'pg';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Lease {
  /** When this window ends, on this process's clock. */
  endsAt: number;
  /** The shared count after this process's last lease (hits of every process in the window). */
  total: number;
  /** Hits of the last lease this process has not used yet. */
  unused: number;
}

/**
 * One fixed window per key, counted in PostgreSQL (`rate_limits`, unlogged) so that every API process
 * draws on the same budget. A write per request would cost more than many routes themselves, so a
 * process leases hits in small batches (1 while the budget is small, at most 20), and a key that is
 * over its limit is refused locally until its window ends. The price is accuracy of at most one batch
 * per process: a process can hold up to a batch that the others cannot use.
 */
const LEASE_SQL = `
  INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), $2)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN now() ELSE r.window_start END,
    hits = CASE WHEN r.window_start <= now() - make_interval(secs => $3) THEN $2 ELSE r.hits + $2 END
  RETURNING hits, (extract(epoch FROM (r.window_start + make_interval(secs => $3) - now())) * 1000)::float8 AS ttl_ms`;

const PURGE_SQL = `DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`;

export function leaseSize(max: number): number {
  return Math.max(1, Math.min(20, Math.floor(max / 50)));
}

/** A store class for @fastify/rate-limit (which constructs it) over one connection pool. */
export function postgresRateLimitStore(pool: pg.Pool, clock: () => number = Date.now) {
  return class PostgresRateLimitStore {
    private readonly leases = new Map<string, Lease>();
    private leasesTaken = 0;

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const now = clock();
      const lease = this.leases.get(key);
      if (lease && lease.endsAt > now) {
        if (lease.unused > 0) {
          lease.unused -= 1;
          callback(null, { current: lease.total - lease.unused, ttl: lease.endsAt - now });
          return;
        }
        // The budget is used up: refused here until the window ends, without asking the database.
        if (lease.total >= max) {
          callback(null, { current: lease.total + 1, ttl: lease.endsAt - now });
          return;
        }
      }
      this.take(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    private async take(key: string, timeWindow: number, max: number) {
      const size = leaseSize(max);
      const { rows } = await pool.query<{ hits: number; ttl_ms: number }>(LEASE_SQL, [
        key,
        size,
        timeWindow / 1000,
      ]);
      const row = rows[0];
      if (!row) throw new Error('rate limit lease returned no row');
      const ttl = Math.max(0, row.ttl_ms);
      const lease = { endsAt: clock() + ttl, total: row.hits, unused: size - 1 };
      this.leases.set(key, lease);
      if (this.leases.size > 10_000) this.forgetEnded();
      // Now and then, windows that ended long ago leave the table.
      this.leasesTaken += 1;
      if (this.leasesTaken % 1000 === 0) pool.query(PURGE_SQL).catch(() => {});
      return { current: lease.total - lease.unused, ttl };
    }

    private forgetEnded() {
      const now = clock();
      for (const [key, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(key);
      if (this.leases.size > 10_000) this.leases.clear();
    }

    child() {
      return this;
    }
  };
}
