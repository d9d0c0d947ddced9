import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { freePort } from './ports.ts';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  issuer: string;
  clientId: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The whole product (API + dev IdP) on a real port against this run's fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const databaseUrl = inject('databaseUrl');
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const { db, pool } = createDatabase(databaseUrl, 4);
  const app = await buildApp({
    config,
    db,
    ping: async () => void (await pool.query('select 1')),
    logger: logStream ? { stream: logStream } : false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl: config.publicUrl,
    issuer: config.issuer,
    clientId: config.OIDC_CLIENT_ID,
    databaseUrl,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
