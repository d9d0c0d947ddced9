// Starts the product for the e2e suite in a fresh database of its own: on E2E_DATABASE_URL's server
// when set, otherwise on an embedded PostgreSQL under .data/e2e-<E2E_PORT>. Stops everything on SIGTERM/SIGINT.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/api/src/db/databases.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { ANALYTICS_PORT, POSTHOG_TEST_KEY, RECEIVER_URL } from './analytics-ports.ts';
import { PROBE_APPLICATION, PROBE_PORT, PROBE_URL } from './probe-target.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';

execFileSync(process.execPath, [path.join(root, 'scripts/prepare-web.mjs')], { cwd: root, stdio: 'inherit' });

const serverUrl = process.env.E2E_DATABASE_URL;
const embedded = serverUrl
  ? undefined
  : // A port of its own per E2E_PORT (3100 → 55100), so runs on different ports never share one.
    await startEmbeddedPostgres({
      dataDir: path.join(root, `.data/e2e-${port}`),
      port: 52_000 + Number(port),
    });
const adminUrl = serverUrl ? withDatabase(serverUrl, 'postgres') : (embedded?.adminUrl as string);
const name = `portaal_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
await ensureDatabase(adminUrl, name);

const startProduct = (env: Record<string, string>) =>
  spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: withDatabase(adminUrl, name),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '100000',
      // chat.spec.ts posts to a webhook receiver it runs on loopback, which production refuses.
      CHAT_WEBHOOK_TARGETS: 'loopback',
      ...env,
    },
  });

const child = startProduct({ PORT: port, SEED_DEMO: 'true' });
const children = [child];

/** Resolves once the product on `productPort` answers /readyz (or its process has ended). */
async function ready(productPort: string | number, product: typeof child) {
  while (product.exitCode === null) {
    const answer = await fetch(`http://127.0.0.1:${productPort}/readyz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The same product with analytics configured, for analytics.spec.ts; started once the first has
// migrated and seeded the database, so the rest of the suite does not wait for it.
if (process.env.E2E_ANALYTICS !== '0') {
  void ready(port, child).then(() => {
    if (stopping || child.exitCode !== null) return;
    const analytics = startProduct({
      PORT: String(ANALYTICS_PORT),
      SEED_DEMO: 'false',
      POSTHOG_KEY: POSTHOG_TEST_KEY,
      POSTHOG_HOST: RECEIVER_URL,
    });
    children.push(analytics);
    analytics.once('exit', (code) => void stop(code ?? 1));
  });
}

// The probe target (probe-target.ts): up until a test says otherwise, so the rest of the suite sees it up.
let probeAnswer = 200;
const probeTarget = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/control/down') probeAnswer = 503;
  else if (request.method === 'POST' && request.url === '/control/up') probeAnswer = 200;
  else return void response.writeHead(probeAnswer, { 'content-type': 'text/plain' }).end(String(probeAnswer));
  response.writeHead(204).end();
});
probeTarget.listen(PROBE_PORT, '127.0.0.1');
void ready(port, child).then(async () => {
  if (stopping || child.exitCode !== null) return;
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await client.connect();
  await client.query(
    `insert into applications (customer_id, name, url, interval_seconds, timeout_ms, uptime_target)
     values (1001, $1, $2, 60, 2000, 99.50)`,
    [PROBE_APPLICATION, PROBE_URL],
  );
  await client.end();
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  probeTarget.close();
  await Promise.all(
    children
      .filter((running) => running.exitCode === null)
      .map((running) => {
        running.kill('SIGTERM');
        return new Promise((resolve) => running.once('exit', resolve));
      }),
  );
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
  process.exit(code);
}
child.once('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
