// Starts the product for the e2e suite in a fresh database of its own: on E2E_DATABASE_URL's server
// when set, otherwise on an embedded PostgreSQL under .data/e2e. Stops everything on SIGTERM/SIGINT.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/api/src/db/databases.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';

execFileSync(process.execPath, [path.join(root, 'scripts/prepare-web.mjs')], { cwd: root, stdio: 'inherit' });

const serverUrl = process.env.E2E_DATABASE_URL;
const embedded = serverUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(root, '.data/e2e'), port: 54359 });
const adminUrl = serverUrl ? withDatabase(serverUrl, 'postgres') : (embedded?.adminUrl as string);
const name = `portaal_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
await ensureDatabase(adminUrl, name);

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATABASE_URL: withDatabase(adminUrl, name),
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '100000',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
  process.exit(code);
}
child.once('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
