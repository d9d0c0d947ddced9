import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof createDatabase>['db'];

/**
 * Every statement gets a plan for its own parameters. The list queries are named prepared
 * statements with keyset cursors; after five runs PostgreSQL would switch to one generic plan that
 * ignores the cursor's values, and a deep page then reads the whole customer (measured: page 500
 * of 15,000 tickets from 96 to 1,379 queries a second).
 */
export const SESSION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/**
 * Connections with PostgreSQL's own plan cache (a named statement's generic plan after five runs),
 * for the statements whose generic plan was checked to be as good as a plan per call: those without
 * optional conditions, whose shape alone decides the plan (`db.$reusablePlans`). Planning them on
 * every call cost more than running them (the dashboard's offline servers: 4.5 ms planning for 2.6 ms
 * of work; decision 0028).
 */
export interface ReusablePlans {
  query: pg.Pool['query'];
  /** Drizzle on the same connections, for prepared statements built with the query builder. */
  drizzle: ReturnType<typeof drizzle<typeof schema>>;
}

export function createDatabase(url: string, max = 10) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    options: SESSION_OPTIONS,
  });
  // Connected only when one of its statements runs; ends with the main pool.
  const reusable = new pg.Pool({
    connectionString: url,
    max: Math.max(1, Math.ceil(max / 2)),
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  reusable.on('error', () => {});
  const endMain = pool.end.bind(pool);
  pool.end = (async () => {
    await Promise.all([endMain(), reusable.ended ? undefined : reusable.end()]);
  }) as pg.Pool['end'];
  const reusablePlans: ReusablePlans = {
    query: reusable.query.bind(reusable) as pg.Pool['query'],
    drizzle: drizzle(reusable, { schema, casing: 'snake_case' }),
  };
  const db = Object.assign(drizzle(pool, { schema, casing: 'snake_case' }), {
    $reusablePlans: reusablePlans,
  });
  return { db, pool };
}
