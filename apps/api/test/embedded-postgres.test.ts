import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from './ports.ts';

/** The embedded PostgreSQL that `npm start` runs: data kept, crashes cleaned up, failures explained. */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portaal-embedded-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function count(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from kept')).rows[0]?.n;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps data across restarts and removes a stale pid file left by a crash', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port });
    const client = new pg.Client({ connectionString: first.adminUrl });
    await client.connect();
    await client.query('create table kept (id int); insert into kept values (1), (2)');
    await client.end();
    await first.stop();

    // A crash leaves postmaster.pid behind, naming a process that no longer runs.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    await writeFile(pidFile, `999999\n${path.join(dataDir, 'postgres')}\n0\n${port}\n`);
    const lines: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir, port, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toContain('stale postmaster.pid');
    expect(await count(second.adminUrl)).toBe(2);
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    expect(pid).toBeGreaterThan(0);
    await second.stop();
  }, 60_000);

  it("shows PostgreSQL's own log lines when it cannot start", async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const failure = await startEmbeddedPostgres({ dataDir, port }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/^Embedded PostgreSQL failed to start/);
      expect(failure?.message).toMatch(/postgres: .*(could not bind|Address already in use)/);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
