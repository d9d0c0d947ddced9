/**
 * `npm run bench` (DESIGN.md §7): runs the suites below against a generated data set and writes
 * bench/reports/bench-<timestamp>.md and bench/reports/latest.md.
 *
 * Environment: BENCH_DURATION (s per measured run, default 10), BENCH_WARMUP (s, default 5),
 * BENCH_CONNECTIONS (default 20), BENCH_ROUNDS (turns per server, default 2), BENCH_SUITES (comma-separated ids, default all),
 * BENCH_PROFILE=1 (CPU profiles of the server processes), BENCH_LIGHTHOUSE_RUNS (per page, default 2),
 * BENCH_TIMEOUT (s, whole run).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { administrationSuite } from './administration-suite.ts';
import { customersSuite } from './customers-suite.ts';
import { deskSuite } from './desk-suite.ts';
import { landscapeSuite } from './landscape-suite.ts';
import { machineFacts } from './machine.ts';
import { peopleSuite } from './people-suite.ts';
import { summariseProfiles } from './profile-summary.ts';
import { type BenchReport, renderReport, type SectionReport } from './report.ts';
import { slaSuite } from './sla-suite.ts';
import { startSuite } from './start-suite.ts';
import { type BenchSettings, createContext, type Suite } from './suite.ts';
import { ticketsSuite } from './tickets-suite.ts';
import { trendsSuite } from './trends-suite.ts';
import { webSuite } from './web-suite.ts';

/** In report order; later issues add suites here. */
const suites: Suite[] = [
  customersSuite,
  ticketsSuite,
  administrationSuite,
  deskSuite,
  landscapeSuite,
  trendsSuite,
  peopleSuite,
  slaSuite,
  webSuite,
  startSuite,
];

/** Seconds the database's preparation (start, migrations, seed, generated data) may take at most. */
const PREPARATION_TIMEOUT_S = 900;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, 'bench/reports');

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of at least ${min}, not "${raw}"`);
  return value;
}

const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

async function main(): Promise<number> {
  const startedAt = new Date();
  const stamp = startedAt
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const selected = process.env.BENCH_SUITES?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = selected?.filter((id) => !suites.some((suite) => suite.id === id)) ?? [];
  if (unknown.length)
    throw new Error(`unknown suite(s) ${unknown.join(', ')}; known: ${suites.map((s) => s.id).join(', ')}`);
  const active = suites.filter((suite) => !selected?.length || selected.includes(suite.id));

  const settings: BenchSettings = {
    root,
    durationS: numberFromEnv('BENCH_DURATION', 10, 1),
    warmupS: numberFromEnv('BENCH_WARMUP', 5, 0),
    rounds: Math.round(numberFromEnv('BENCH_ROUNDS', 2, 1)),
    connections: numberFromEnv('BENCH_CONNECTIONS', 20, 1),
    postgresPort: numberFromEnv('BENCH_PG_PORT', 54349, 1),
    profileDir: process.env.BENCH_PROFILE === '1' ? path.join(reportsDir, `profiles-${stamp}`) : undefined,
  };
  // Generous for the default run (about 90 s plus what suites like web add), but a hung server, database
  // or browser cannot keep it going. The database's preparation is not counted: the common data takes
  // 120–160 s on a quiet 2-core machine and took 420 s on a loaded one; it has a bound of its own.
  const timeoutS = numberFromEnv(
    'BENCH_TIMEOUT',
    180 +
      4 * (settings.durationS + settings.warmupS) +
      active.reduce(
        (sum, suite) =>
          sum + (suite.extraTimeS ?? 0) + (suite.loadRuns ?? 0) * (settings.durationS + settings.warmupS),
        0,
      ),
    10,
  );

  const machine = await machineFacts(root);
  let watchdog: NodeJS.Timeout | undefined;
  let deadline = Date.now() + (timeoutS + PREPARATION_TIMEOUT_S) * 1000;
  const { context, close, openedDatabase } = createContext(settings, log, (preparedS) => {
    // From now on the run has its own budget plus the time the preparation took.
    deadline = startedAt.getTime() + (timeoutS + preparedS) * 1000;
    arm();
  });
  let closed = false;
  const closeOnce = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  const abort = (reason: string, code: number) => {
    log(reason);
    // Cleanup gets a bounded time of its own; after that the process ends regardless.
    setTimeout(() => process.exit(code), 20_000).unref();
    void closeOnce().finally(() => process.exit(code));
  };
  function arm() {
    clearTimeout(watchdog);
    watchdog = setTimeout(
      () =>
        abort(
          `Timed out after ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s (BENCH_TIMEOUT ` +
            `${timeoutS} s plus the database's preparation); stopping everything`,
          1,
        ),
      Math.max(0, deadline - Date.now()),
    );
    watchdog.unref();
  }
  arm();
  process.once('SIGINT', () => abort('Interrupted; stopping everything', 130));
  process.once('SIGTERM', () => abort('Terminated; stopping everything', 143));

  const sections: SectionReport[] = [];
  const preparation: string[] = [];
  try {
    for (const suite of active) {
      log(`Suite ${suite.id}: ${suite.title}`);
      try {
        sections.push(await suite.run(context));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`Suite ${suite.id} failed: ${message}`);
        sections.push({ title: suite.title, body: ['Did not complete.'], targets: [], failures: [message] });
      }
    }
  } finally {
    await closeOnce();
    clearTimeout(watchdog);
  }

  const database = await openedDatabase();
  if (database) {
    machine.postgres = database.postgresVersion;
    const timings = Object.entries(database.timings)
      .map(([step, seconds]) => `${step.replaceAll('_', ' ')} ${seconds.toFixed(2)} s`)
      .join(', ');
    preparation.push(
      `Fresh database with the demo seed plus the generated set (fixed seed): ${Object.entries(
        database.generated.rows,
      )
        .map(([table, count]) => `${count.toLocaleString('en')} ${table}`)
        .join(', ')}.`,
      '',
      `Preparation: ${timings}.`,
    );
  }
  if (settings.profileDir) {
    sections.push(await summariseProfiles(settings.profileDir));
  }

  const report: BenchReport = {
    startedAt,
    elapsedS: (Date.now() - startedAt.getTime()) / 1000,
    machine,
    settings: {
      'measured run': `${settings.durationS} s per endpoint and server in ${settings.rounds} turn(s), after a ${settings.warmupS} s warm-up`,
      connections: String(settings.connections),
      suites: active.map((suite) => suite.id).join(', '),
      ...(settings.profileDir ? { 'CPU profiles': path.relative(root, settings.profileDir) } : {}),
    },
    preparation,
    sections,
  };
  const text = renderReport(report);
  await mkdir(reportsDir, { recursive: true });
  const file = path.join(reportsDir, `bench-${stamp}.md`);
  await writeFile(file, text);
  await writeFile(path.join(reportsDir, 'latest.md'), text);
  process.stdout.write(`\n${text}\n`);
  log(`Report written to ${path.relative(root, file)} and bench/reports/latest.md`);
  return sections.some((section) => section.failures.length) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
