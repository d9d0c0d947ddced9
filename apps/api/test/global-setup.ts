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
    /** Templates on the same server that nobody connects to: migrated, and migrated and seeded. */
    migratedTemplate: string;
    seededTemplate: string;
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
  // Migrating and seeding take about 10 s; the files that need a database of their own copy one of
  // these two templates instead (CREATE DATABASE … TEMPLATE, about 0.3 s).
  const migratedTemplate = `${name}_migrated`;
  const seededTemplate = `${name}_seeded`;
  await ensureDatabase(adminUrl, migratedTemplate);
  const migrated = createDatabase(withDatabase(adminUrl, migratedTemplate), 2);
  await runMigrations(migrated.db);
  await migrated.pool.end();
  await ensureDatabase(adminUrl, seededTemplate, migratedTemplate);
  const seeded = createDatabase(withDatabase(adminUrl, seededTemplate), 2);
  await seedDemo(seeded.db);
  await seeded.pool.end();
  await ensureDatabase(adminUrl, name, seededTemplate);
  const databaseUrl = withDatabase(adminUrl, name);
  project.provide('databaseUrl', databaseUrl);
  project.provide('migratedTemplate', migratedTemplate);
  project.provide('seededTemplate', seededTemplate);
  console.log(`test database ${name} on ${serverUrl ? new URL(adminUrl).host : 'embedded PostgreSQL'}`);

  return async () => {
    for (const database of [name, seededTemplate, migratedTemplate]) {
      await dropDatabase(adminUrl, database).catch((error) =>
        console.error(`could not drop test database ${database}`, error),
      );
    }
    await embedded?.stop();
    if (runDir) await rm(runDir, { recursive: true, force: true });
  };
}
