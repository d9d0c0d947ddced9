import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, SESSION_OPTIONS } from '../src/db/client.ts';
import { LANDSCAPE_SEARCH_SQL, searchValues } from '../src/modules/landscape/landscape.repo.ts';

/**
 * Every new connection first runs WARM_UP_SQL (db/client.ts, decision 0039), after which a statement
 * that briefly needs about half a megabyte no longer faults its pages in on every run: the global
 * search's landscape statement, planned anew on each run as the API runs it. Measured from the
 * backend's own minor page faults (/proc), so only where PostgreSQL runs on this machine, and only
 * where its malloc shows the effect at all (a connection without the warm-up is the control).
 */
const databaseUrl = inject('databaseUrl');
const STATEMENT = {
  name: 'warm_up_probe',
  text: LANDSCAPE_SEARCH_SQL,
  values: searchValues(1001, 'srv', 10),
};
const RUNS = 20;

type Query = (query: string | typeof STATEMENT) => Promise<pg.QueryResult>;

function minorFaults(pid: number): number | undefined {
  try {
    // Field 10 of /proc/<pid>/stat; the name (field 2) may hold spaces, so count from its ')'.
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[7]);
  } catch {
    return undefined;
  }
}

/** Minor page faults per run of the statement on one connection (undefined when /proc cannot tell). */
async function faultsPerRun(query: Query): Promise<number | undefined> {
  const [{ pid }] = (await query('select pg_backend_pid() as pid')).rows as [{ pid: number }];
  await query(STATEMENT);
  const before = minorFaults(pid);
  if (before === undefined) return undefined;
  for (let run = 0; run < RUNS; run++) await query(STATEMENT);
  return ((minorFaults(pid) ?? before) - before) / RUNS;
}

const { pool } = createDatabase(databaseUrl, 1);
const control = new pg.Client({ connectionString: databaseUrl, options: SESSION_OPTIONS });
afterAll(async () => {
  await Promise.all([pool.end(), control.end()]);
});

describe('the connection warm-up', () => {
  it('runs before the first statement of a new connection and answers it as usual', async () => {
    const { rows } = await pool.query('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('keeps the search statement from faulting its pages in on every run', async (context) => {
    await control.connect();
    const without = await faultsPerRun((text) => control.query(text));
    const client = await pool.connect();
    let warmed: number | undefined;
    try {
      warmed = await faultsPerRun((text) => client.query(text));
    } finally {
      client.release();
    }
    // PostgreSQL elsewhere (no /proc of its backend here), or a malloc without the effect.
    console.log(`minor page faults per run: ${without} without the warm-up, ${warmed} with it`);
    if (without === undefined || warmed === undefined || without < 40) {
      context.skip();
      return;
    }
    expect(warmed).toBeLessThan(without / 5);
  });
});
