import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/databases.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { freePort } from './ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Every test run gets a fresh database of its own: on the server of TEST_DATABASE_URL / DATABASE_URL
 * when set, otherwise on an embedded PostgreSQL of its own under .data/test-runs (removed afterwards),
 * so that runs side by side never share a server.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let runDir: string | undefined;
  if (!serverUrl) {
    await mkdir(path.join(root, '.data/test-runs'), { recursive: true });
    runDir = await mkdtemp(path.join(root, '.data/test-runs/run-'));
  }
  const embedded = runDir
    ? await startEmbeddedPostgres({ dataDir: runDir, port: await freePort() })
    : undefined;
  const adminUrl = serverUrl ? withDatabase(serverUrl, 'postgres') : (embedded?.adminUrl as string);
  const name = `portaal_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const databaseUrl = withDatabase(adminUrl, name);
  const { db, pool } = createDatabase(databaseUrl, 2);
  await runMigrations(db);
  await seedDemo(db);
  await pool.end();
  project.provide('databaseUrl', databaseUrl);
  console.log(`test database ${name} on ${serverUrl ? new URL(adminUrl).host : 'embedded PostgreSQL'}`);

  return async () => {
    await dropDatabase(adminUrl, name).catch((error) => console.error('could not drop test database', error));
    await embedded?.stop();
    if (runDir) await rm(runDir, { recursive: true, force: true });
  };
}
