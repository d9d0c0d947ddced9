import type { AvailabilityState, CheckReason } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ApplicationEventPublisher } from '../notifications/notifications.events.ts';

/** An application as the prober claims it. */
export interface ProbeTarget {
  id: number;
  customer_id: number;
  name: string;
  url: string;
  interval_seconds: number;
  expected_status: number;
  timeout_ms: number;
}

export interface CheckResult {
  state: AvailabilityState;
  latencyMs: number | null;
  httpStatus: number | null;
  /** Why it was down; null when up or in maintenance. */
  reason: CheckReason | null;
}

export interface ProberDeps {
  db: Database;
  events: ApplicationEventPublisher;
  log: { warn(obj: object, msg: string): void };
  clock?: () => Date;
  /**
   * The window one tick spreads its checks over. With the default 10 s timeout a tick ends within
   * the minute, so the schedule's exclusive queue never drops the next one.
   */
  spreadMs?: number;
  /** Checks in flight at once in this process. */
  concurrency?: number;
}

/** A claim older than this belongs to a prober that died: the application is checked again. */
const STALE_CLAIM_SECONDS = 300;

/** The pg-boss schedule of the prober: one tick a minute; intervals are whole minutes of at least one. */
export const PROBE_JOB = 'availability.probe';
export const TICK_SECONDS = 60;

/**
 * Claims the applications that are due and not being checked: `checking_since` marks the claim, so
 * two ticks (in one process or several) never check one application at once. A check runs at its
 * offset into the tick, so the last one was up to a tick's length after that tick's start: an
 * application is due when its interval minus one tick (and 2 s of slack) has passed since.
 */
const CLAIM = `
  update applications a set checking_since = $1
  where a.id in (
    select id from applications
    where (checking_since is null or checking_since < $1::timestamptz - make_interval(secs => ${STALE_CLAIM_SECONDS}))
      and (last_checked_at is null
        or last_checked_at <= $1::timestamptz - make_interval(secs => interval_seconds - ${TICK_SECONDS - 2}))
    order by id
    for update skip locked
  )
  returning a.id, a.customer_id, a.name, a.url, a.interval_seconds, a.expected_status, a.timeout_ms`;

const IN_MAINTENANCE = `
  select 1 from maintenance_windows where application_id = $1 and starts_at <= $2 and ends_at > $2 limit 1`;

/** Where in the spread window an application's check falls: the same place every time. */
export function spreadOffset(applicationId: number, windowMs: number): number {
  const h = Math.imul(applicationId, 2_654_435_761) >>> 0;
  return Math.floor((h / 2 ** 32) * windowMs);
}

/** System error codes of a failed connection, by the reason a reader is told. */
const NETWORK_REASONS: Record<string, CheckReason['code']> = {
  ECONNREFUSED: 'connection_refused',
  ENOTFOUND: 'host_not_found',
  EAI_AGAIN: 'host_not_found',
  ECONNRESET: 'connection_lost',
  EPIPE: 'connection_lost',
  UND_ERR_SOCKET: 'connection_lost',
  UND_ERR_CLOSED: 'connection_lost',
};

/** Why a request failed, as a code (never one language's sentence: it is worded where it is read). */
export function reasonOf(error: unknown, timeoutMs: number): CheckReason {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { code: 'timeout', params: { timeout_ms: timeoutMs } };
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code;
  const known = code === undefined ? undefined : NETWORK_REASONS[code];
  if (known) return { code: known, params: {} };
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return { code: 'tls_failed', params: {} };
  const detail = (code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))).slice(
    0,
    200,
  );
  return { code: 'network', params: { detail } };
}

/** One HTTP(S) check: the expected status within the timeout (redirects followed), else down with the reason. */
export async function httpCheck(
  target: Pick<ProbeTarget, 'url' | 'expected_status' | 'timeout_ms'>,
  /** Aborts the check without a result (the process stops); the caller records nothing then. */
  stop?: AbortSignal,
): Promise<CheckResult> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(target.timeout_ms);
  try {
    const response = await fetch(target.url, {
      signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
      redirect: 'follow',
      headers: { 'user-agent': 'Portaal-prober/1', accept: '*/*' },
    });
    const latencyMs = Math.round(performance.now() - started);
    // The body is not needed: dropping it frees the connection at once.
    await response.body?.cancel().catch(() => {});
    const up = response.status === target.expected_status;
    return {
      state: up ? 'up' : 'down',
      latencyMs,
      httpStatus: response.status,
      reason: up
        ? null
        : {
            code: 'unexpected_status',
            params: { status: response.status, expected: target.expected_status },
          },
    };
  } catch (error) {
    return { state: 'down', latencyMs: null, httpStatus: null, reason: reasonOf(error, target.timeout_ms) };
  }
}

/** A change between up and down notifies; maintenance is planned and announced elsewhere. */
const notifies = (from: AvailabilityState | null, to: AvailabilityState) =>
  from !== null && from !== to && from !== 'maintenance' && to !== 'maintenance';

/**
 * The built-in prober (DESIGN.md §8): each tick claims the due applications and checks them spread
 * over the window, at most `concurrency` at once; inside a maintenance window a check records
 * "maintenance" without calling the application. A state change is recorded once, in the same
 * transaction as the check, and notifies the technical contacts through the notification centre.
 */
export function createProber({
  db,
  events,
  log,
  clock = () => new Date(),
  spreadMs = 45_000,
  concurrency = 200,
}: ProberDeps) {
  const client = db.$client;
  /** Aborted by stop(): waiting checks are not started, running ones are cut off and not recorded. */
  const stopping = new AbortController();
  const ticks = new Set<Promise<unknown>>();
  let active = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
  };
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  async function record(target: ProbeTarget, at: Date, result: CheckResult): Promise<boolean> {
    let mailIds: number[] = [];
    const changed = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ state: AvailabilityState | null }>(
        sql`select state from applications where id = ${target.id} for update`,
      );
      if (rows.length === 0) return false;
      const from = rows[0]?.state ?? null;
      const when = at.toISOString();
      await tx.execute(sql`
        insert into application_checks (application_id, at, state, latency_ms, http_status, reason_code, reason_params)
        values (${target.id}, ${when}, ${result.state}, ${result.latencyMs}, ${result.httpStatus},
          ${result.reason?.code ?? null}, ${result.reason ? JSON.stringify(result.reason.params) : null}::jsonb)`);
      const change = from !== result.state;
      await tx.execute(sql`
        update applications set state = ${result.state}, last_checked_at = ${when}, checking_since = null,
          state_since = case when ${change} then ${when}::timestamptz else state_since end
        where id = ${target.id}`);
      if (!change) return false;
      const event = await tx.execute<{ id: number }>(sql`
        insert into application_events (application_id, at, from_state, to_state, reason_code, reason_params)
        values (${target.id}, ${when}, ${from}, ${result.state}, ${result.reason?.code ?? null},
          ${result.reason ? JSON.stringify(result.reason.params) : null}::jsonb) returning id`);
      if (notifies(from, result.state) && from !== null) {
        mailIds = await events.recordApplicationEvent(tx, {
          eventKey: `application-event:${event.rows[0]?.id}`,
          customerId: target.customer_id,
          applicationId: target.id,
          applicationName: target.name,
          url: target.url,
          from,
          to: result.state,
          at,
          reason: result.reason,
        });
      }
      return true;
    });
    await events.dispatch(mailIds);
    return changed;
  }

  /** Gives claimed applications back, so that the next tick (in any process) checks them. */
  async function unclaim(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await client
      .query('update applications set checking_since = null where id = any($1::bigint[])', [ids])
      .catch(() => {});
  }

  /** Checks one claimed application and records the result; null when the prober stopped first. */
  async function probe(target: ProbeTarget): Promise<CheckResult | null> {
    await slot();
    try {
      const at = clock();
      const maintenance = await client.query(IN_MAINTENANCE, [target.id, at]);
      const result: CheckResult =
        maintenance.rows.length > 0
          ? { state: 'maintenance', latencyMs: null, httpStatus: null, reason: null }
          : await httpCheck(target, stopping.signal);
      // A check cut off by the stop says nothing about the application.
      if (stopping.signal.aborted) {
        await unclaim([target.id]);
        return null;
      }
      await record(target, at, result);
      return result;
    } catch (error) {
      await unclaim([target.id]);
      log.warn({ err: error, applicationId: target.id }, 'availability check failed');
      throw error;
    } finally {
      release();
    }
  }

  /** Waits `ms`, or less when the prober stops; answers whether it may go on. */
  function pause(ms: number): Promise<boolean> {
    if (stopping.signal.aborted || ms <= 0) return Promise.resolve(!stopping.signal.aborted);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve(!stopping.signal.aborted);
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener('abort', done, { once: true });
    });
  }

  return {
    probe,

    /** Claims the due applications (marked as being checked) without checking them. */
    async claim(): Promise<ProbeTarget[]> {
      const { rows } = await client.query<ProbeTarget>(CLAIM, [clock()]);
      return rows;
    },

    /**
     * One tick: claims what is due and checks each at its own offset in the spread window. Answers
     * how many were checked and how late the checks started against their planned time (ms).
     */
    async tick({
      spread = spreadMs,
    }: {
      spread?: number;
    } = {}): Promise<{ checked: number; lagMs: number[] }> {
      if (stopping.signal.aborted) return { checked: 0, lagMs: [] };
      const run = (async () => {
        const started = Date.now();
        const { rows } = await client.query<ProbeTarget>(CLAIM, [clock()]);
        const lagMs: number[] = [];
        const notStarted: number[] = [];
        let checked = 0;
        await Promise.all(
          rows.map(async (target) => {
            const offset =
              spread > 0 ? spreadOffset(target.id, Math.min(spread, target.interval_seconds * 1000)) : 0;
            const wait = started + offset - Date.now();
            if (!(await pause(wait))) {
              notStarted.push(target.id);
              return;
            }
            lagMs.push(Math.max(0, Date.now() - (started + offset)));
            const result = await probe(target).catch(() => undefined);
            if (result !== null) checked += 1;
          }),
        );
        await unclaim(notStarted);
        return { checked, lagMs };
      })();
      ticks.add(run);
      try {
        return await run;
      } finally {
        ticks.delete(run);
      }
    },

    /**
     * Stops the prober for the process's stop: no new tick or check starts, running checks are cut
     * off unrecorded, and their claims are given back; resolves when no tick uses the database any more.
     */
    async stop(): Promise<void> {
      stopping.abort();
      await Promise.allSettled([...ticks]);
    },
  };
}
export type Prober = ReturnType<typeof createProber>;
