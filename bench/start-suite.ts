import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { cpuSnapshot, otherWorkShare } from './machine.ts';
import { freePort, sleep } from './net.ts';
import { check, formatNumber, type SectionReport, table } from './report.ts';
import type { BenchContext, Suite } from './suite.ts';

const DATA_DIR = '.data/bench-start';
const EXIT_LIMIT_MS = 10_000;

interface StartRun {
  label: string;
  /** Spawn to the first 200 of GET /healthz. */
  toFirst200Ms?: number;
  /** What the product itself printed ("ready in … s"). */
  reportedReadyS?: number;
  exitAfterSigintMs?: number;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  leftoverProcesses: boolean;
  postgresStopped: boolean;
  clean: boolean;
  output: string;
}

/** Exactly what a user types: `npm start` (which builds the web app when stale, then starts the server). */
function startCommand(_root: string): { command: string; args: string[]; shown: string; note: string } {
  return { command: 'npm', args: ['start', '--silent'], shown: 'npm start', note: 'what a user runs' };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A negative pid addresses the whole process group (npm → sh → node → postgres). */
const groupAlive = (pid: number) => alive(-pid);

/** A postgres left running on the folder by a killed earlier run must go before the folder is wiped. */
async function stopStalePostgres(dataDir: string): Promise<void> {
  const pidText = await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').catch(
    () => undefined,
  );
  const pid = Number.parseInt(pidText?.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 100 && alive(pid); waited++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

async function waitForFirst200(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<number | undefined> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  return undefined;
}

async function startOnce(
  context: BenchContext,
  label: string,
  options: { dataDir: string; readyTimeoutMs: number },
): Promise<StartRun> {
  const { root } = context.settings;
  const { command, args } = startCommand(root);
  const [port, postgresPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(postgresPort),
  };
  // The measured product must use its embedded defaults, whatever the shell running the benchmark has set.
  for (const name of ['DATABASE_URL', 'OIDC_URL', 'PUBLIC_URL', 'NODE_ENV', 'NODE_OPTIONS']) delete env[name];

  const started = performance.now();
  // detached: its own process group, so SIGINT reaches every process in it, as Ctrl-C in a terminal does.
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid ?? -1;

  const first200 = await waitForFirst200(`http://127.0.0.1:${port}/healthz`, child, options.readyTimeoutMs);
  const ready = /ready in ([\d.]+) s/.exec(output)?.[1];

  let exitAfterSigintMs: number | undefined;
  let leftoverProcesses = false;
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running()) {
    const signalled = performance.now();
    process.kill(-pid, 'SIGINT');
    const deadline = signalled + EXIT_LIMIT_MS;
    // The whole group counts: npx may be gone while node or postgres still runs.
    while ((running() || groupAlive(pid)) && performance.now() < deadline) await sleep(20);
    if (!running() && !groupAlive(pid)) {
      exitAfterSigintMs = performance.now() - signalled;
    } else {
      leftoverProcesses = groupAlive(pid);
      if (leftoverProcesses) process.kill(-pid, 'SIGKILL');
      await exited;
    }
  }
  const postgresStopped = !existsSync(path.join(options.dataDir, 'postgres/postmaster.pid'));
  return {
    label,
    toFirst200Ms: first200 === undefined ? undefined : first200 - started,
    reportedReadyS: ready === undefined ? undefined : Number(ready),
    exitAfterSigintMs,
    exitCode: child.exitCode,
    exitSignal: child.signalCode,
    leftoverProcesses,
    postgresStopped,
    // npx (npm exec) ends by the signal it got, like any wrapper after Ctrl-C; what counts is that
    // everything in the group is gone in time and PostgreSQL shut down (it removes postmaster.pid).
    clean:
      exitAfterSigintMs !== undefined &&
      (child.exitCode === 0 || child.signalCode === 'SIGINT') &&
      !leftoverProcesses &&
      postgresStopped,
    output,
  };
}

async function runSuite(context: BenchContext): Promise<SectionReport> {
  const { root } = context.settings;
  const dataDir = path.join(root, DATA_DIR);
  const { shown, note } = startCommand(root);
  await stopStalePostgres(dataDir);
  // Wiped every run, so the first start always initialises and its figure is comparable between runs.
  await rm(dataDir, { recursive: true, force: true });

  context.log(`${shown}: first start (initialises ${DATA_DIR})`);
  const first = await startOnce(context, 'first start (initialises the data folder)', {
    dataDir,
    readyTimeoutMs: 120_000,
  });
  context.log(`${shown}: second start (measured)`);
  const before = await cpuSnapshot();
  const second =
    first.toFirst200Ms === undefined
      ? undefined
      : await startOnce(context, 'second start (initialised folder, measured)', {
          dataDir,
          readyTimeoutMs: 60_000,
        });
  const after = await cpuSnapshot();
  const otherWork = before && after ? otherWorkShare(before, after) : undefined;

  const failures: string[] = [];
  for (const run of [first, second]) {
    if (run && run.toFirst200Ms === undefined) {
      failures.push(
        `${run.label}: no 200 from /healthz (exit code ${run.exitCode}). Output:\n\n\`\`\`\n${run.output.slice(-2_000)}\n\`\`\``,
      );
    }
  }
  const seconds = (value: number | undefined) =>
    value === undefined ? '—' : `${formatNumber(value / 1000)} s`;
  const runs = [first, second].filter((run): run is StartRun => run !== undefined);
  const body = [
    `Command \`${shown}\` (${note}), ` +
      `\`DATA_DIR=${DATA_DIR}\`, free ports, in its own process group; ` +
      'time from spawn to the first 200 of `GET /healthz` (polled every 50 ms), then SIGINT to the group as Ctrl-C does.',
    '',
    ...table(
      [
        'Run',
        'To first 200',
        'Printed "ready in"',
        'Before main() (≈)',
        'Exit after SIGINT',
        'Exit status',
        'Processes left',
        'PostgreSQL stopped',
        'Clean',
      ],
      runs.map((run) => [
        run.label,
        seconds(run.toFirst200Ms),
        run.reportedReadyS === undefined ? '—' : `${run.reportedReadyS} s`,
        // Process start, npx and module loading: everything before main.ts starts its own clock.
        run.reportedReadyS === undefined || run.toFirst200Ms === undefined
          ? '—'
          : seconds(run.toFirst200Ms - run.reportedReadyS * 1000),
        seconds(run.exitAfterSigintMs),
        run.exitCode === null ? String(run.exitSignal) : String(run.exitCode),
        run.leftoverProcesses ? 'yes (killed)' : 'none',
        run.postgresStopped ? 'yes' : 'no',
        run.clean ? 'yes' : 'no',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'l', 'l', 'l'],
    ),
    '',
    ...(otherWork === undefined
      ? []
      : [
          `Other processes on the machine used ${formatNumber(100 * otherWork)} % of its CPU capacity during the measured start` +
            `${otherWork > 0.1 ? ': **the start time was disturbed by other work**' : ''}.`,
        ]),
  ];
  return {
    title: '`npm start` to the first 200',
    body,
    targets: [
      check(
        '`npm start` to first 200 (initialised data folder)',
        second?.toFirst200Ms && second.toFirst200Ms / 1000,
        '<=',
        5,
        ' s',
      ),
      {
        name: '`npm start` exits cleanly within 10 s of SIGINT',
        measured: runs.every((run) => run.clean) ? 'yes' : 'no',
        target: 'yes',
        verdict: runs.length === 2 && runs.every((run) => run.clean) ? 'met' : 'not met',
      },
    ],
    failures,
  };
}

export const startSuite: Suite = {
  id: 'start',
  title: '`npm start` to the first 200',
  run: runSuite,
};
