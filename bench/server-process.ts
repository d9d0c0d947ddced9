/**
 * Child process that serves one side of a comparison: `api` (the real app through buildApp) or `bare`
 * (bare-server.ts). Each runs in a process of its own, so neither shares an event loop or a heap with
 * the load generator or with the other. Talks to the parent over the IPC channel of fork().
 */
import { createDatabase } from '../apps/api/src/db/client.ts';
import { createCursors, cursorSecret } from '../apps/api/src/lib/cursor.ts';
import { startBareServer } from './bare-server.ts';

export type ServerKind = 'api' | 'bare';

export type ServerMessage =
  | { type: 'ready'; url: string; issuer?: string; clientId?: string }
  | { type: 'failed'; message: string }
  | { type: 'cpu'; tag: number; userMicros: number; systemMicros: number };

/** Parent to child: 'stop', or a request for the CPU time used so far. */
export type ParentMessage = 'stop' | { type: 'cpu'; tag: number };

/** Same pool size as `npm start` (createDatabase's default), for both sides. */
export const POOL_MAX = 10;

async function startApi(databaseUrl: string, port: number) {
  const [{ buildApp }, { loadConfig }] = await Promise.all([
    import('../apps/api/src/app.ts'),
    import('../apps/api/src/config.ts'),
  ]);
  const config = loadConfig({
    NODE_ENV: process.env.BENCH_NODE_ENV ?? 'production',
    ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    // The limiter stays registered (its cost is part of the API), it just never says no.
    RATE_LIMIT_MAX: '1000000000',
    ...(process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {}),
  });
  const { db, pool } = createDatabase(databaseUrl, POOL_MAX);
  const app = await buildApp({ config, db, ping: async () => void (await pool.query('select 1')) });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.publicUrl,
    issuer: config.issuer,
    clientId: config.OIDC_CLIENT_ID,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function startBare(databaseUrl: string, port: number) {
  const { db, pool } = createDatabase(databaseUrl, POOL_MAX);
  const server = await startBareServer({
    pool,
    reusablePlans: db.$reusablePlans,
    port,
    cursors: createCursors(await cursorSecret(db)),
  });
  return {
    url: server.url,
    issuer: undefined,
    clientId: undefined,
    close: async () => {
      await server.close();
      await pool.end();
    },
  };
}

async function main() {
  const kind = process.argv[2];
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const port = Number(process.env.BENCH_PORT);
  const send = (message: ServerMessage) => process.send?.(message);
  if ((kind !== 'api' && kind !== 'bare') || !databaseUrl || !Number.isInteger(port)) {
    send({ type: 'failed', message: `bad arguments: kind=${kind} port=${process.env.BENCH_PORT}` });
    process.exit(2);
  }
  try {
    const server = kind === 'api' ? await startApi(databaseUrl, port) : await startBare(databaseUrl, port);
    let closing = false;
    const close = () => {
      if (closing) return;
      closing = true;
      // A hard deadline: a stuck close must not keep the benchmark (or a CPU profile) from finishing.
      setTimeout(() => process.exit(1), 5_000).unref();
      void server.close().finally(() => process.exit(0));
    };
    // The parent going away (even killed) closes the IPC channel: never outlive it.
    process.on('disconnect', close);
    process.on('SIGTERM', close);
    process.on('SIGINT', close);
    process.on('message', (message: ParentMessage) => {
      if (message === 'stop') return close();
      if (message.type === 'cpu') {
        const { user, system } = process.cpuUsage();
        send({ type: 'cpu', tag: message.tag, userMicros: user, systemMicros: system });
      }
    });
    send({ type: 'ready', url: server.url, issuer: server.issuer, clientId: server.clientId });
  } catch (error) {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  }
}

void main();
