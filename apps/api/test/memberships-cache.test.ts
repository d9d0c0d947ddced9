import type { Membership } from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createMembershipsCache, type MembershipsCache } from '../src/modules/users/memberships-cache.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * Decision 0015: memberships kept in memory per process, never answered stale. Two caches on pools of
 * their own stand for two API processes on one database; the database is this file's own, since the
 * tests change memberships and count listeners.
 */
const LEASE = 250;
let database: Awaited<ReturnType<typeof seededDatabase>>;
let sql: pg.Pool;
let userId: string;
const CUSTOMER = 1001;
const handles: ReturnType<typeof createDatabase>[] = [];
const caches: MembershipsCache[] = [];

interface Counted {
  cache: MembershipsCache;
  reads: () => number;
}

function startProcess(options: { pingMs?: number; read?: (userId: string) => Promise<Membership[]> } = {}) {
  const handle = createDatabase(database.databaseUrl, 3);
  handles.push(handle);
  const repo = createUsersRepo(handle.db);
  let reads = 0;
  const cache = createMembershipsCache({
    pool: handle.pool,
    read: (id) => {
      reads++;
      return options.read ? options.read(id) : repo.membershipsOf(id);
    },
    log: { warn() {} },
    pingMs: options.pingMs ?? 50,
    leaseMs: LEASE,
  });
  caches.push(cache);
  return { cache, reads: () => reads, pool: handle.pool };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the cache answers from memory (its listener is up and has proved itself). */
async function remembering({ cache, reads }: Counted) {
  for (let attempt = 0; attempt < 100; attempt++) {
    await cache.get(userId);
    const before = reads();
    await cache.get(userId);
    if (reads() === before) return;
    await sleep(50);
  }
  throw new Error('the cache never answered from memory');
}

const roleIn = (memberships: Membership[]) => memberships.find((m) => m.customerId === CUSTOMER)?.role;

async function setRole(role: string | null) {
  if (role === null) {
    await sql.query('delete from memberships where user_id = $1 and customer_id = $2', [userId, CUSTOMER]);
  } else {
    await sql.query(
      `insert into memberships (user_id, customer_id, role) values ($1, $2, $3)
       on conflict (user_id, customer_id) do update set role = excluded.role`,
      [userId, CUSTOMER, role],
    );
  }
}

beforeAll(async () => {
  database = await seededDatabase('memcache');
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 3 });
  sql.on('error', () => {});
  const { rows } = await sql.query<{ id: string }>(`select id from users where username = 'owner'`);
  userId = rows[0]?.id ?? '';
  expect(userId).not.toBe('');
}, 120_000);

afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
  await Promise.all(handles.map((handle) => handle.pool.end()));
  await sql?.end();
  await database?.drop();
});

describe('memberships cache', () => {
  it('answers from memory, and after a change settled every process answers the change', async () => {
    const a = startProcess();
    const b = startProcess();
    await remembering(a);
    await remembering(b);
    expect(roleIn(await b.cache.get(userId))).toBe('owner');

    // Process a changes the role and settles; b's very next answer is the new role.
    await setRole('technical_viewer');
    const started = performance.now();
    await a.cache.settle();
    // Another process listens, so the writer waits out the lease.
    expect(performance.now() - started).toBeGreaterThanOrEqual(LEASE - 5);
    const readsBefore = b.reads();
    expect(roleIn(await b.cache.get(userId))).toBe('technical_viewer');
    expect(roleIn(await a.cache.get(userId))).toBe('technical_viewer');
    // b read it again once and remembers the new role.
    expect(b.reads()).toBe(readsBefore + 1);
    await b.cache.get(userId);
    expect(b.reads()).toBe(readsBefore + 1);

    await setRole(null);
    await b.cache.settle();
    expect(roleIn(await a.cache.get(userId))).toBeUndefined();
    expect(roleIn(await b.cache.get(userId))).toBeUndefined();
    await setRole('owner');
    await a.cache.settle();
    expect(roleIn(await b.cache.get(userId))).toBe('owner');
  });

  it('never answers stale while a writer changes roles over and over (settle after each)', async () => {
    const a = startProcess();
    const b = startProcess();
    const c = startProcess();
    await Promise.all([remembering(a), remembering(b), remembering(c)]);
    const roles = ['technical_viewer', 'financial_viewer', null, 'owner'];
    for (const [round, role] of [...roles, ...roles].entries()) {
      await setRole(role);
      const writer = [a, b, c][round % 3] as Counted;
      await writer.cache.settle();
      for (const reader of [a, b, c]) expect(roleIn(await reader.cache.get(userId))).toBe(role ?? undefined);
    }
  });

  it('a read that overlaps a change is answered but not kept', async () => {
    let releaseRead: () => void = () => {};
    let gate: Promise<void> | undefined;
    const handle = createDatabase(database.databaseUrl, 2);
    handles.push(handle);
    const repo = createUsersRepo(handle.db);
    const slow = startProcess({
      read: async (id) => {
        const found = await repo.membershipsOf(id);
        if (gate) await gate;
        return found;
      },
    });
    await remembering(slow);
    gate = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    // Drop what is remembered, then start a read that sees 'owner' and returns only after the change.
    await setRole('owner');
    await slow.cache.settle();
    const pending = slow.cache.get(userId);
    await sleep(50);
    await setRole('financial_viewer');
    await slow.cache.settle();
    gate = undefined;
    releaseRead();
    expect(roleIn(await pending)).toBe('owner');
    // Not kept: the next call reads again and has the new role.
    const before = slow.reads();
    expect(roleIn(await slow.cache.get(userId))).toBe('financial_viewer');
    expect(slow.reads()).toBe(before + 1);
    await setRole('owner');
    await slow.cache.settle();
  });

  it('alone with a listener that heard the change, a writer does not wait out the lease', async () => {
    // Only the processes of this test listen now.
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
    const alone = startProcess();
    await remembering(alone);
    await setRole('technical_viewer');
    const started = performance.now();
    await alone.cache.settle();
    expect(performance.now() - started).toBeLessThan(LEASE);
    expect(roleIn(await alone.cache.get(userId))).toBe('technical_viewer');
    await setRole('owner');
    await alone.cache.settle();
    expect(roleIn(await alone.cache.get(userId))).toBe('owner');
  });

  it('reads PostgreSQL on every call while its listener has not proved itself within the lease', async () => {
    // One ping at the start, then none for a minute: the lease runs out and memory is not used.
    const quiet = startProcess({ pingMs: 60_000 });
    await sleep(LEASE * 2);
    const before = quiet.reads();
    for (let index = 0; index < 3; index++) await quiet.cache.get(userId);
    expect(quiet.reads()).toBe(before + 3);
  });

  it('a lost listener connection means reads per call, then memory again once it is back', async () => {
    const victim = startProcess();
    await remembering(victim);
    await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'portaal-memberships'`,
    );
    // Changed while nobody listened: nothing remembered from before may be used.
    await setRole('financial_viewer');
    await sleep(LEASE);
    expect(roleIn(await victim.cache.get(userId))).toBe('financial_viewer');
    const before = victim.reads();
    await victim.cache.get(userId);
    await victim.cache.get(userId);
    expect(victim.reads()).toBe(before + 2);
    // Reconnected within about a second, memory is used again.
    await remembering(victim);
    await setRole('owner');
    await victim.cache.settle();
    expect(roleIn(await victim.cache.get(userId))).toBe('owner');
  });
});
