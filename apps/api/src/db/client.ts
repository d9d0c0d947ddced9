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

/**
 * Run first on every new connection. A PostgreSQL backend on glibc gives memory back to the system
 * whenever more than 128 kB lies free at the top of its heap (malloc's trim threshold), so a statement
 * that briefly needs half a megabyte faults those pages in again on every run: the global search's
 * landscape statement took 130–150 minor page faults and 3.4–4.6 ms a run, on PostgreSQL 15 and 18
 * alike. glibc raises that threshold for good once a block it had mapped on its own is freed: a 4 MB
 * string, built and dropped once, is such a block. Afterwards the same statement ran in 1.3–1.8 ms
 * with no page faults (decision 0039).
 */
export const WARM_UP_SQL = "select length(repeat('x', 4000000))";

/** The pools' connect hook: the pool hands a new client out only after it (a failure is the next query's to report). */
const warmUp = async (client: pg.ClientBase) => {
  // A connection that dies while checked out (between a transaction's statements, or while a delivery
  // waits for SMTP under its lock) emits 'error' on its client, where pg-pool listens only while the
  // client is idle: unheard, it would end the process. The statement running or next reports the
  // loss instead, and the pool drops the client when it comes back.
  client.on('error', () => {});
  await client.query(WARM_UP_SQL).catch(() => {});
};

/**
 * Drizzle without a connection, for the text of a query built by the API's own builders (the bench's
 * baseline copies and the plan tests compare or explain that text).
 */
export const offlineDatabase = (): Database =>
  drizzle.mock({ schema, casing: 'snake_case' }) as unknown as Database;

export function createDatabase(url: string, max = 10) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    options: SESSION_OPTIONS,
    onConnect: warmUp,
  });
  // Connected only when one of its statements runs; ends with the main pool.
  const reusable = new pg.Pool({
    connectionString: url,
    max: Math.max(1, Math.ceil(max / 2)),
    idleTimeoutMillis: 30_000,
    onConnect: warmUp,
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
