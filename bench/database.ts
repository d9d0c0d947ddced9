import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/api/src/db/databases.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { defaultGenerateOptions, type GeneratedData, generateBenchData } from './generate.ts';
import { freePort, portIsFree } from './net.ts';

export interface BenchDatabase {
  url: string;
  name: string;
  postgresVersion: string;
  generated: GeneratedData;
  /** Seconds spent on each preparation step, for the report. */
  timings: Record<string, number>;
}

interface Options {
  root: string;
  preferredPort: number;
  log(line: string): void;
  defer(cleanup: () => Promise<void>): void;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * An embedded PostgreSQL of the benchmark's own (data under .data/bench, so it never touches the
 * developer's data) with a fresh database per run: migrated, demo-seeded and filled by the generator.
 */
export async function openBenchDatabase({
  root,
  preferredPort,
  log,
  defer,
}: Options): Promise<BenchDatabase> {
  const timings: Record<string, number> = {};
  let started = performance.now();
  const port = (await portIsFree(preferredPort)) ? preferredPort : await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, '.data/bench'), port, log });
  defer(async () => {
    log('Stopping the embedded PostgreSQL');
    await server.stop();
  });
  timings.postgres_start = seconds(started);

  // Databases of earlier runs that died before their cleanup would pile up on disk.
  const leftovers = await query<{ datname: string }>(
    server.adminUrl,
    `select datname from pg_database where datname like 'bench\\_%'`,
  );
  for (const { datname } of leftovers) await dropDatabase(server.adminUrl, datname);

  const name = `bench_${Date.now()}`;
  await ensureDatabase(server.adminUrl, name);
  defer(async () => {
    await dropDatabase(server.adminUrl, name);
  });
  const url = withDatabase(server.adminUrl, name);
  const [version] = await query<{ server_version: string }>(url, 'show server_version');

  started = performance.now();
  const { db, pool } = createDatabase(url, 2);
  try {
    await runMigrations(db);
    await seedDemo(db);
    timings.migrate_and_seed = seconds(started);
    log(`Generating ${defaultGenerateOptions.customers.toLocaleString('en')} customers…`);
    const generated = await generateBenchData(pool);
    timings.generate = generated.ms / 1000;
    log(
      `Generated ${Object.values(generated.rows)
        .reduce((sum, count) => sum + count, 0)
        .toLocaleString('en')} rows in ${timings.generate.toFixed(2)} s`,
    );
    return { url, name, postgresVersion: version?.server_version ?? 'unknown', generated, timings };
  } finally {
    await pool.end();
  }
}
