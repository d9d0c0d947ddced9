import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createCursors } from '../src/lib/cursor.ts';
import { createProber, httpCheck, type Prober, spreadOffset } from '../src/modules/availability/prober.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * The built-in prober against a real local HTTP server that answers, goes down, hangs, redirects,
 * answers slowly and comes back (issue 12): each check is recorded, a state change once, and the
 * technical contacts of the customer (owner and technical-viewer of 1001) are notified once per
 * change, in the bell and by mail. A database of its own: the prober writes.
 */
type Mode = 'ok' | 'down' | 'hang' | 'redirect' | 'slow';
let mode: Mode = 'ok';
let site: Server;
let siteUrl: string;
let database: Awaited<ReturnType<typeof seededDatabase>>;
let handle: ReturnType<typeof createDatabase>;
let sql: pg.Pool;
let prober: Prober;
let notifications: ReturnType<typeof createNotificationsService>;
let appId: number;
/** The prober's clock: each step is a minute later, so the application is due again. */
let now = new Date();
const hanging = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/target') return void response.writeHead(200).end('ok after redirect');
    if (mode === 'ok') return void response.writeHead(200).end('ok');
    if (mode === 'down') return void response.writeHead(503).end('maintenance page');
    if (mode === 'redirect') return void response.writeHead(302, { location: '/target' }).end();
    if (mode === 'slow') return void setTimeout(() => response.writeHead(200).end('slow'), 300);
    hanging.add(response); // hang: never answers
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/health`;

  database = await seededDatabase('prober');
  handle = createDatabase(database.databaseUrl, 4);
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  sql.on('error', () => {});
  // Only this test's application: the demo ones point at a portal that is not running here.
  await sql.query('delete from applications');
  const inserted = await sql.query<{ id: number }>(
    `insert into applications (customer_id, name, url, timeout_ms, interval_seconds)
     values (1001, 'Webwinkel test', $1, 500, 60) returning id`,
    [siteUrl],
  );
  appId = inserted.rows[0]?.id ?? 0;
  const users = createUsersService(createUsersRepo(handle.db), { rolePrefix: 'provider' });
  notifications = createNotificationsService({
    db: handle.db,
    config: { publicUrl: 'http://portal.test', BRAND_NAME: 'Portaal' },
    users,
    log: { warn() {} },
    cursors: createCursors('test-secret-test-secret-test-secret'),
  });
  prober = createProber({
    db: handle.db,
    events: notifications.applicationEvents,
    log: { warn() {} },
    clock: () => now,
  });
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  await sql?.end();
  await handle?.pool.end();
  await database?.drop();
});

const count = async (query: string, values: unknown[] = []) =>
  Number((await sql.query<{ count: string }>(query, values)).rows[0]?.count ?? 0);
const events = () =>
  sql
    .query<{ from_state: string | null; to_state: string }>(
      'select from_state, to_state from application_events where application_id = $1 order by id',
      [appId],
    )
    .then((result) => result.rows.map((row) => `${row.from_state ?? '-'}→${row.to_state}`));
const bell = () => count(`select count(*) from notifications where kind = 'application_state'`);
const mails = () =>
  count(`select count(*) from mail_outbox where idempotency_key like 'application-event:%'`);
const state = () =>
  sql
    .query<{ state: string; checking_since: string | null }>(
      'select state, checking_since from applications where id = $1',
      [appId],
    )
    .then((result) => result.rows[0]);

/** One minute later, one tick (no spread) in the given mode. */
async function step(next: Mode) {
  mode = next;
  now = new Date(now.getTime() + 60_000);
  const result = await prober.tick({ spread: 0 });
  expect(result.checked).toBe(1);
  return (
    await sql.query<{
      state: string;
      latency_ms: number | null;
      http_status: number | null;
      reason_code: string | null;
      reason_params: Record<string, unknown> | null;
    }>(
      'select state, latency_ms, http_status, reason_code, reason_params from application_checks where application_id = $1 order by at desc limit 1',
      [appId],
    )
  ).rows[0];
}

describe('the prober', () => {
  it('records the first state without notifying anyone', async () => {
    const check = await step('ok');
    expect(check).toMatchObject({ state: 'up', http_status: 200, reason_code: null, reason_params: null });
    expect(await events()).toEqual(['-→up']);
    expect(await bell()).toBe(0);
    expect((await state())?.checking_since).toBeNull();
  });

  it('goes down on a wrong status, once, and notifies the two technical contacts once', async () => {
    const check = await step('down');
    expect(check).toMatchObject({
      state: 'down',
      http_status: 503,
      reason_code: 'unexpected_status',
      reason_params: { status: 503, expected: 200 },
    });
    await step('down');
    expect(await events()).toEqual(['-→up', 'up→down']);
    expect(await bell()).toBe(2);
    expect(await mails()).toBe(2);
    const recipients = await sql.query<{
      recipient: string;
      subject: string;
      language: string;
      text: string;
    }>(
      `select recipient, subject, language, text from mail_outbox where idempotency_key like 'application-event:%' order by recipient`,
    );
    expect(recipients.rows.map((row) => row.subject)).toEqual(
      recipients.rows.map((row) =>
        row.language === 'nl' ? 'Webwinkel test is niet beschikbaar' : 'Webwinkel test is down',
      ),
    );
    // The reason in each recipient's language, from the stored code.
    for (const row of recipients.rows) {
      expect(row.text).toContain(
        row.language === 'nl' ? 'Oorzaak: HTTP 503 in plaats van 200' : 'Reason: HTTP 503 instead of 200',
      );
    }
  });

  it('a server that hangs stays down with the timeout as the reason, without a new change', async () => {
    const started = performance.now();
    const check = await step('hang');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(check).toMatchObject({
      state: 'down',
      http_status: null,
      reason_code: 'timeout',
      reason_params: { timeout_ms: 500 },
    });
    expect(await events()).toHaveLength(2);
    expect(await bell()).toBe(2);
  });

  it('comes back up: one change, two more notifications; redirects are followed', async () => {
    await step('ok');
    const redirected = await step('redirect');
    expect(redirected).toMatchObject({ state: 'up', http_status: 200 });
    expect(await events()).toEqual(['-→up', 'up→down', 'down→up']);
    expect(await bell()).toBe(4);
    expect(await mails()).toBe(4);
  });

  it('a slow answer within the timeout is up with its latency', async () => {
    const check = await step('slow');
    expect(check?.state).toBe('up');
    expect(check?.latency_ms).toBeGreaterThanOrEqual(290);
  });

  it('honours maintenance: no call, state maintenance, no notification; back up afterwards', async () => {
    const at = new Date(now.getTime() + 60_000);
    await sql.query(
      `insert into maintenance_windows (application_id, starts_at, ends_at, kind)
       values ($1, $2, $3, 'planned')`,
      [appId, new Date(at.getTime() - 1000), new Date(at.getTime() + 90_000)],
    );
    const check = await step('down');
    expect(check).toMatchObject({ state: 'maintenance', http_status: null });
    mode = 'ok';
    now = new Date(now.getTime() + 120_000);
    await prober.tick({ spread: 0 });
    expect(await events()).toEqual(['-→up', 'up→down', 'down→up', 'up→maintenance', 'maintenance→up']);
    expect(await bell()).toBe(4);
  });

  it('never checks one application twice at once', async () => {
    mode = 'hang';
    now = new Date(now.getTime() + 60_000);
    const before = await count('select count(*) from application_checks where application_id = $1', [appId]);
    const [a, b] = await Promise.all([prober.tick({ spread: 0 }), prober.tick({ spread: 0 })]);
    expect(a.checked + b.checked).toBe(1);
    expect(await count('select count(*) from application_checks where application_id = $1', [appId])).toBe(
      before + 1,
    );
    // Not due again within the interval.
    expect((await prober.tick({ spread: 0 })).checked).toBe(0);
    expect(await events()).toHaveLength(6);
    expect(await bell()).toBe(6);
  });

  it('a repeated state change notifies nobody twice (idempotency key per event and recipient)', async () => {
    const last = await sql.query<{ id: number }>('select max(id) as id from application_events');
    const event = {
      eventKey: `application-event:${last.rows[0]?.id}`,
      customerId: 1001,
      applicationId: appId,
      applicationName: 'Webwinkel test',
      url: siteUrl,
      from: 'up' as const,
      to: 'down' as const,
      at: now,
      reason: { code: 'timeout' as const, params: { timeout_ms: 500 } },
    };
    const ids = await handle.db.transaction((tx) =>
      notifications.applicationEvents.recordApplicationEvent(tx, event),
    );
    expect(ids).toEqual([]);
    expect(await bell()).toBe(6);
    expect(await mails()).toBe(6);
  });

  it('words nothing itself: a refused connection is a code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await httpCheck({
      url: `http://127.0.0.1:${port}/`,
      expected_status: 200,
      timeout_ms: 2000,
    });
    expect(refused).toMatchObject({ state: 'down', reason: { code: 'connection_refused', params: {} } });
  });

  it('spreads applications over the window at fixed offsets', () => {
    const offsets = Array.from({ length: 2000 }, (_, index) => spreadOffset(index + 1, 60_000));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(60_000);
    // Every 6-second slice of the minute gets a tenth of the checks, give or take.
    for (let slice = 0; slice < 10; slice++) {
      const inSlice = offsets.filter((offset) => Math.floor(offset / 6000) === slice).length;
      expect(inSlice).toBeGreaterThan(150);
      expect(inSlice).toBeLessThan(250);
    }
    expect(spreadOffset(7, 60_000)).toBe(spreadOffset(7, 60_000));
  });
});

describe('stop (the process stops: Ctrl-C, SIGTERM)', () => {
  const checks = () => count('select count(*) from application_checks where application_id = $1', [appId]);
  const stoppable = () =>
    createProber({
      db: handle.db,
      events: notifications.applicationEvents,
      log: { warn() {} },
      clock: () => now,
    });

  it('cuts a running check off unrecorded and gives its claim back', async () => {
    await sql.query('update applications set timeout_ms = 20000 where id = $1', [appId]);
    mode = 'hang';
    now = new Date(now.getTime() + 5 * 60_000);
    const before = await checks();
    const hangingBefore = hanging.size;
    const prober = stoppable();
    const started = performance.now();
    const tick = prober.tick({ spread: 0 });
    await expect.poll(() => hanging.size, { timeout: 5000 }).toBe(hangingBefore + 1);
    await prober.stop();
    // Well before the check's own 20 s timeout, and the check is not counted as down.
    const stopped = await tick;
    expect(stopped.checked).toBe(0);
    expect(stopped.lagMs).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await checks()).toBe(before);
    expect((await state())?.checking_since).toBeNull();
    // A stopped prober starts nothing.
    expect(await prober.tick({ spread: 0 })).toEqual({ checked: 0, lagMs: [] });
  });

  it('starts no check that waits for its place in the window, and gives its claim back', async () => {
    mode = 'ok';
    now = new Date(now.getTime() + 5 * 60_000);
    const before = await checks();
    const prober = stoppable();
    // Its place is at least a few milliseconds into a minute-long window (fixed per application).
    expect(spreadOffset(appId, 60_000)).toBeGreaterThan(50);
    const tick = prober.tick({ spread: 60_000 });
    await expect.poll(async () => (await state())?.checking_since ?? null).not.toBeNull();
    await prober.stop();
    expect(await tick).toEqual({ checked: 0, lagMs: [] });
    expect(await checks()).toBe(before);
    expect((await state())?.checking_since).toBeNull();
    await sql.query('update applications set timeout_ms = 500 where id = $1', [appId]);
  });
});
