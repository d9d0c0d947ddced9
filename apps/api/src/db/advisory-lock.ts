import type pg from 'pg';

/**
 * Runs `work` on one pooled connection while it holds a session advisory lock on (`lockClass`, `id`),
 * so no two workers of any API process run it for the same id at once; answers `busy()`'s throw when
 * another holds it. A lock left on a pooled connection would block that id for as long as the
 * connection lives: when the unlock fails, the connection is dropped instead of returned.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  lockClass: number,
  id: number,
  busy: () => Error,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let destroy = false;
  try {
    const lockKey = id % 2_147_483_647;
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [lockClass, lockKey],
    );
    if (!rows[0]?.locked) throw busy();
    try {
      return await work(client);
    } finally {
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [lockClass, lockKey]);
      } catch {
        destroy = true;
      }
    }
  } finally {
    client.release(destroy);
  }
}
