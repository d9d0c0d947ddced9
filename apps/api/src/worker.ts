import pino from 'pino';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { startJobs } from './jobs/jobs.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `npm run worker`: job handlers only, for more mail throughput beside the API processes. */
async function main() {
  loadEnvFile();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    // The embedded database belongs to `npm start`, which runs mail workers of its own.
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is required for npm run worker (npm start already runs the workers)',
    );
  }
  const jobs = await startJobs({
    databaseUrl: config.DATABASE_URL,
    config,
    log: pino({ level: config.LOG_LEVEL }).child({ component: 'worker' }),
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say(`\nStopping the ${config.BRAND_NAME} worker…`);
      void jobs.stop().then(() => {
        say('Stopped.');
        process.exit(0);
      });
    });
  }
  say(
    `${config.BRAND_NAME} worker is running (mail ${config.SMTP_URL ? 'over SMTP' : 'kept in the outbox'}). Press Ctrl-C to stop.`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The worker could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
