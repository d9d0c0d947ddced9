import { randomBytes } from 'node:crypto';
import type { Membership } from '@portaal/contracts';
import pg from 'pg';

/** Where the memberships trigger (migration 0015) tells every process of a changed user ('*': all). */
export const MEMBERSHIPS_CHANNEL = 'portaal_memberships';
/** The listener connections' name in pg_stat_activity, so a writer can see whether others listen. */
export const LISTENER_NAME = 'portaal-memberships';

export interface MembershipsCache {
  /** The user's memberships: from memory while this process provably heard every change, else read. */
  get(userId: string): Promise<Membership[]>;
  /**
   * Called after a transaction that changed memberships committed: resolves once no process can
   * answer from what it knew before, so the caller's answer comes after the change took effect in
   * every process (the next request anywhere is refused).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  /** The API's pool: the listener opens one connection of its own with the same settings. */
  pool: pg.Pool;
  read(userId: string): Promise<Membership[]>;
  log: { warn(object: object, message: string): void };
  /** How often the listener proves it is up to date (a NOTIFY to itself). */
  pingMs?: number;
  /** How long after a proof the memory may be used; a writer waits this long when others listen. */
  leaseMs?: number;
  maxEntries?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Closes a listener connection that is no longer wanted; whatever it says from now on is ignored. */
async function discard(connection: pg.Client): Promise<void> {
  connection.removeAllListeners();
  connection.on('error', () => {});
  await connection.end().catch(() => {});
}

/**
 * Memberships kept in memory per process, never answered stale (docs/decisions/0015).
 *
 * PostgreSQL sends notifications at commit and delivers them to a listener in commit order, across
 * channels. The listener sends a ping to a channel of its own every `pingMs`; when the ping comes
 * back, every change committed before the ping was sent has been heard and dropped from memory. So
 * memory is used only within `leaseMs` of the sending of the last ping that came back. A writer that
 * waits `leaseMs` after its commit knows that no process answers from before the change any more: a
 * process then needs a ping sent after the commit, which comes back after the change's notification.
 * Without the listener (not connected yet, connection lost, pings late) every call reads PostgreSQL,
 * as before this cache.
 */
export function createMembershipsCache(options: Options): MembershipsCache {
  const pingMs = options.pingMs ?? 50;
  const leaseMs = options.leaseMs ?? 250;
  const maxEntries = options.maxEntries ?? 50_000;
  const pingChannel = `portaal_ping_${randomBytes(8).toString('hex')}`;

  const entries = new Map<string, Membership[]>();
  /** Counts the changes heard: a read that overlaps one is answered but not kept. */
  let changes = 0;
  let client: pg.Client | undefined;
  let listenerPid: number | undefined;
  let closed = false;
  let seq = 0;
  let pingInFlight = false;
  let lastPingAt = 0;
  /** performance.now() of the sending of pings not yet back, by sequence number. */
  const pending = new Map<number, number>();
  /** Memory may be used until this performance.now(). */
  let freshUntil = 0;
  /** Proof waiters (settle): resolved when a ping sent at or after `since` comes back. */
  const waiters: { since: number; resolve: () => void }[] = [];

  const fresh = () => client !== undefined && performance.now() < freshUntil;

  function forgetAll() {
    entries.clear();
    changes++;
    freshUntil = 0;
  }

  function heard(message: pg.Notification) {
    if (message.channel === pingChannel) {
      const number = Number(message.payload);
      const sentAt = pending.get(number);
      if (sentAt === undefined) return;
      for (const key of pending.keys()) if (key <= number) pending.delete(key);
      freshUntil = Math.max(freshUntil, sentAt + leaseMs);
      for (let index = waiters.length - 1; index >= 0; index--) {
        const waiter = waiters[index];
        if (waiter && waiter.since <= sentAt) {
          waiters.splice(index, 1);
          waiter.resolve();
        }
      }
      return;
    }
    if (message.channel !== MEMBERSHIPS_CHANNEL) return;
    changes++;
    if (message.payload === '*' || !message.payload) entries.clear();
    else entries.delete(message.payload);
  }

  function lost(error?: unknown) {
    if (!client) return;
    const gone = client;
    client = undefined;
    listenerPid = undefined;
    pending.clear();
    pingInFlight = false;
    forgetAll();
    void discard(gone);
    if (closed) return;
    options.log.warn({ err: error }, 'memberships listener lost; reading memberships per request');
    setTimeout(() => void connect(), 1000).unref();
  }

  async function connect() {
    if (closed || client) return;
    const candidate = new pg.Client({ ...options.pool.options, application_name: LISTENER_NAME });
    candidate.on('error', (error) => lost(error));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${MEMBERSHIPS_CHANNEL}`);
      await candidate.query(`LISTEN ${pingChannel}`);
      const { rows } = await candidate.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (closed) {
        await discard(candidate);
        return;
      }
      // Anything remembered before this connection may have missed a change.
      forgetAll();
      candidate.on('notification', heard);
      candidate.on('end', () => lost());
      client = candidate;
      listenerPid = rows[0]?.pid;
      ping();
    } catch (error) {
      await discard(candidate);
      if (closed) return;
      options.log.warn({ err: error }, 'memberships listener could not start; retrying');
      setTimeout(() => void connect(), 1000).unref();
    }
  }

  function ping() {
    const current = client;
    if (!current) return;
    if (pingInFlight) {
      // A connection that stopped answering is given up: memory is not used meanwhile anyway.
      if (performance.now() - lastPingAt > 5000) lost(new Error('memberships listener stopped answering'));
      return;
    }
    pingInFlight = true;
    const number = ++seq;
    lastPingAt = performance.now();
    pending.set(number, lastPingAt);
    current
      .query('select pg_notify($1, $2)', [pingChannel, String(number)])
      .catch((error: unknown) => lost(error))
      .finally(() => {
        pingInFlight = false;
      });
  }

  const timer = setInterval(ping, pingMs);
  timer.unref();
  void connect();

  /** Resolves when a ping sent now comes back (this process heard everything committed before). */
  function caughtUp(): Promise<boolean> {
    if (!client) return Promise.resolve(false);
    const since = performance.now();
    return new Promise<boolean>((resolve) => {
      const waiter = { since, resolve: () => resolve(true) };
      waiters.push(waiter);
      setTimeout(() => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        resolve(false);
      }, leaseMs).unref();
      ping();
    });
  }

  /** Whether another process's listener is connected to this database (then it may remember). */
  async function othersListen(): Promise<boolean> {
    const { rows } = await options.pool.query<{ others: boolean }>(
      `select exists(select 1 from pg_stat_activity
                      where datname = current_database() and application_name = $1
                        and pid <> coalesce($2::int, 0)) as others`,
      [LISTENER_NAME, listenerPid ?? null],
    );
    return rows[0]?.others ?? true;
  }

  return {
    async get(userId) {
      if (fresh()) {
        const known = entries.get(userId);
        if (known) return known;
      }
      const before = changes;
      const found = await options.read(userId);
      if (fresh() && changes === before) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(userId, found);
      }
      return found;
    },

    async settle() {
      const start = performance.now();
      const [mine, others] = await Promise.all([caughtUp(), othersListen().catch(() => true)]);
      // Alone with a listener that heard the change: nobody can answer from before it.
      if (mine && !others) return;
      const left = start + leaseMs - performance.now();
      if (left > 0) await sleep(left);
    },

    async close() {
      closed = true;
      clearInterval(timer);
      for (const waiter of waiters.splice(0)) waiter.resolve();
      const current = client;
      client = undefined;
      entries.clear();
      if (current) await discard(current);
    },
  };
}
