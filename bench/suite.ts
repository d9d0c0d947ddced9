import path from 'node:path';
import { type BenchDatabase, openBenchDatabase } from './database.ts';
import { seededRandom } from './generate.ts';
import type { SectionReport } from './report.ts';
import { type ServerHandle, startServerProcess } from './server-handle.ts';
import type { ServerKind } from './server-process.ts';
import type { TokenKeeper } from './tokens.ts';

export interface BenchSettings {
  root: string;
  durationS: number;
  warmupS: number;
  /** Measured time is split into this many turns per server, alternating between servers. */
  rounds: number;
  connections: number;
  /** Port of the benchmark's embedded PostgreSQL (another free one when taken). */
  postgresPort: number;
  /** Directory for --cpu-prof output of the server processes, when profiling. */
  profileDir?: string;
}

/**
 * What suites share. Resources start on first use and once per run (a later suite reuses the
 * database and servers of an earlier one); everything started is stopped by the runner, last first.
 */
export interface BenchContext {
  settings: BenchSettings;
  log(line: string): void;
  defer(cleanup: () => Promise<void> | void): void;
  database(): Promise<BenchDatabase>;
  server(kind: ServerKind): Promise<ServerHandle>;
  /** An access token of a demo user (password `demo`), kept fresh, issued by the API's dev IdP. */
  token(username: string): Promise<TokenKeeper>;
}

export interface Suite {
  id: string;
  title: string;
  /** Seconds the suite adds to the run's time limit when its own work does not scale with BENCH_DURATION. */
  extraTimeS?: number;
  /** Measured runs (endpoint × server) beyond the four the base time limit allows for; each adds warm-up + duration. */
  loadRuns?: number;
  run(context: BenchContext): Promise<SectionReport>;
}

function once<T>(create: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= create();
    return value;
  };
}

export function createContext(
  settings: BenchSettings,
  log: (line: string) => void,
  /** Told how long the database took to prepare, once it is ready (the run's watchdog adds it). */
  onDatabaseReady: (seconds: number) => void = () => {},
) {
  const cleanups: (() => Promise<void> | void)[] = [];
  const defer = (cleanup: () => Promise<void> | void) => void cleanups.push(cleanup);

  let opened: Promise<BenchDatabase> | undefined;
  const database = () => {
    if (!opened) {
      const started = performance.now();
      opened = openBenchDatabase({ root: settings.root, preferredPort: settings.postgresPort, log, defer });
      opened.then(
        () => onDatabaseReady((performance.now() - started) / 1000),
        () => {},
      );
    }
    return opened;
  };
  const servers = new Map<ServerKind, () => Promise<ServerHandle>>();
  const tokens = new Map<string, () => Promise<TokenKeeper>>();

  const server = (kind: ServerKind) => {
    let start = servers.get(kind);
    if (!start) {
      start = once(async () => {
        const { url } = await database();
        log(`Starting the ${kind} server`);
        const handle = await startServerProcess(kind, {
          databaseUrl: url,
          profileDir: settings.profileDir && path.resolve(settings.profileDir),
          // Loading the API's modules takes over a minute when the shared machine is busy.
          startTimeoutMs: 180_000,
        });
        defer(() => handle.stop());
        return handle;
      });
      servers.set(kind, start);
    }
    return start();
  };

  const token = (username: string) => {
    let get = tokens.get(username);
    if (!get) {
      get = once(async () => {
        const api = await server('api');
        if (!api.issuer || !api.clientId) throw new Error('the API server did not report its issuer');
        // Loaded on use: suites without the API run even while the dev IdP package is incomplete.
        const { keepToken } = await import('./tokens.ts');
        const keeper = await keepToken({
          baseUrl: api.url,
          issuer: api.issuer,
          clientId: api.clientId,
          username,
          password: 'demo',
          log,
        });
        defer(() => keeper.stop());
        return keeper;
      });
      tokens.set(username, get);
    }
    return get();
  };

  const context: BenchContext = { settings, log, defer, database, server, token };
  return {
    context,
    /** The database if a suite opened it, without opening one. */
    openedDatabase: () => opened?.catch(() => undefined),
    /** Runs every cleanup, newest first; one failing does not stop the others. */
    async close() {
      while (cleanups.length) {
        const cleanup = cleanups.pop();
        try {
          await cleanup?.();
        } catch (error) {
          log(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}

/** A path that stays the same for every request of a load run. */
export const same = (path: string) => () => () => path;

/** Paths taken in turn, from the first again for every load run. */
export function rotate(values: readonly string[]): () => () => string {
  return () => {
    let index = 0;
    return () => values[index++ % values.length] as string;
  };
}

/** A copy in an order of its own that is the same on every run (Fisher–Yates with a seeded random). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
