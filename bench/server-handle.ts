import { fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.ts';
import type { ParentMessage, ServerKind, ServerMessage } from './server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerHandle {
  kind: ServerKind;
  url: string;
  /** Only the API has an identity provider (the embedded dev IdP). */
  issuer?: string;
  clientId?: string;
  pid: number;
  /**
   * CPU time the server process has used so far (ms). Per request, it does not depend on how busy
   * the rest of the machine is the way req/s does.
   */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

interface Options {
  databaseUrl: string;
  /** When set, the child writes a V8 CPU profile (--cpu-prof) there on exit. */
  profileDir?: string;
  /** The built web app the API serves (WEB_DIST); apps/web/dist when not set. */
  webDist?: string;
  startTimeoutMs?: number;
}

/** Forks server-process.ts with the parent's node flags and waits for its "ready". */
export async function startServerProcess(
  kind: ServerKind,
  { databaseUrl, profileDir, webDist, startTimeoutMs = 60_000 }: Options,
): Promise<ServerHandle> {
  const port = await freePort();
  const execArgv = [...process.execArgv];
  if (profileDir) {
    await mkdir(profileDir, { recursive: true });
    execArgv.push(
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
      `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`,
    );
  }
  const child = fork(path.join(here, 'server-process.ts'), [kind], {
    execArgv,
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_PORT: String(port),
      ...(webDist ? { BENCH_WEB_DIST: webDist } : {}),
    },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} server did not start within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    );
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'cpu') return;
      clearTimeout(timer);
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`${kind} server failed to start: ${message.message}`));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited (code ${code}) before it was ready\n${stderr}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  let tags = 0;
  const cpuMs = () =>
    new Promise<number>((resolve, reject) => {
      const tag = ++tags;
      const timer = setTimeout(() => reject(new Error(`${kind} server did not report its CPU time`)), 5_000);
      const listen = (message: ServerMessage) => {
        if (message.type !== 'cpu' || message.tag !== tag) return;
        clearTimeout(timer);
        child.off('message', listen);
        resolve((message.userMicros + message.systemMicros) / 1000);
      };
      child.on('message', listen);
      // With a callback, a channel that closed meanwhile (the run was stopped) rejects this promise
      // instead of emitting an 'error' event that nobody handles.
      child.send({ type: 'cpu', tag } satisfies ParentMessage, (error) => {
        if (!error) return;
        clearTimeout(timer);
        child.off('message', listen);
        reject(error);
      });
    });

  let stopping: Promise<void> | undefined;
  return {
    kind,
    url: ready.url,
    issuer: ready.issuer,
    clientId: ready.clientId,
    pid: child.pid ?? -1,
    cpuMs,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (child.connected) child.send('stop' satisfies ParentMessage);
        else child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
