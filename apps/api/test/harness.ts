import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { type Jobs, type JobsOptions, startJobs } from '../src/jobs/jobs.ts';
import { createIdentityAdmin } from '../src/modules/users/identity.sources.ts';
import type { IdentityAdmin } from '../src/modules/users/identity-admin.ts';
import { freePort } from './ports.ts';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  issuer: string;
  clientId: string;
  databaseUrl: string;
  /** The pg-boss jobs of this server, when started with `jobs`. */
  jobs?: Jobs;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Another database than this run's shared one (e.g. an isolated one for mail workers). */
  databaseUrl?: string;
  /**
   * Start pg-boss with mail workers, as `npm start` does. Give each server its own `schema` on the
   * shared database, so that its workers never take another test file's jobs.
   */
  jobs?: Pick<JobsOptions, 'schema' | 'sweep' | 'retryDelaySeconds' | 'work'>;
  /** Wraps the configured identity admin (the dev IdP's), e.g. to make it stop answering. */
  identity?: (configured: IdentityAdmin) => IdentityAdmin;
}

/** The whole product (API + dev IdP) on a real port against this run's fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? inject('databaseUrl');
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
  // Job errors are shown: a mail test that times out should say why.
  const jobLog = {
    debug() {},
    info() {},
    warn() {},
    error: (fields: object, msg: string) => console.error(msg, fields),
  };
  const jobs = options.jobs
    ? await startJobs({ databaseUrl, config, log: jobLog, ...options.jobs })
    : undefined;
  const app = await buildApp({
    config,
    db,
    ping: async () => void (await pool.query('select 1')),
    logger: logStream ? { stream: logStream } : false,
    mailQueue: jobs?.mailQueue,
    identityAdmin: options.identity?.(createIdentityAdmin(config, db)),
    chatQueue: jobs?.chatQueue,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl: config.publicUrl,
    issuer: config.issuer,
    clientId: config.OIDC_CLIENT_ID,
    databaseUrl,
    jobs,
    async close() {
      await app.close();
      await jobs?.stop();
      await pool.end();
    },
  };
}

/** A small built web app (index.html, a hashed asset and its map, a build id) in a temporary folder. */
export async function fakeWebDist() {
  const dir = await mkdtemp(path.join(tmpdir(), 'portaal-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Portaal</title></head><body><div id="app-loading"><!--page_heading--></div></body></html>',
  );
  await mkdir(path.join(dir, 'builds'));
  await writeFile(path.join(dir, 'builds', 'latest.json'), '{"build_id":"b-42"}');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.map'), '{"version":3}');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  // The app's page paths as the web build lists them (TanStack Router's full paths).
  await writeFile(
    path.join(dir, 'routes.json'),
    JSON.stringify(['/', '/error', '/support/', '/support/ticket/$id', '/servers/trends']),
  );
  await mkdir(path.join(dir, 'locales'));
  // Fixed page headings (@portaal/contracts page-headings) in Dutch only: the support page's, with characters
  // to escape, a nested key (the trends page's), and the home page's greeting.
  const texts = {
    en: {
      global: {
        language: 'en',
        errors: { server_issues: { title: 'We have |server issues|', text: 'Come back <later> & see.' } },
      },
    },
    nl: {
      global: {
        language: 'nl',
        errors: {
          not_found: { title: 'Pagina |niet gevonden|', path: 'Pagina niet gevonden: {{path}}' },
          forbidden: { title: 'Helaas, |geen| toegang', text: 'U hebt onvoldoende rechten.' },
          errors_occured: { title: 'Oeps, er ging |iets| mis', text: 'Probeer het opnieuw.' },
        },
      },
      support: { title: 'Support', intro: 'Vragen & <antwoorden>.' },
      default: {
        trends: { title: 'Trends', intro: 'De belasting van uw servers.' },
        home: { title: 'Welkom, {{name}}', customer: 'U werkt voor {{name}}' },
      },
    },
  };
  for (const [language, values] of Object.entries(texts))
    await writeFile(path.join(dir, 'locales', `${language}.json`), JSON.stringify(values));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
