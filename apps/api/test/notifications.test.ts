import type { Notification, OutboxMail } from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createCursors } from '../src/lib/cursor.ts';
import type { TicketEvent } from '../src/modules/notifications/notifications.events.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createPeople, type Person, person, waitForMail } from './mail-support.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * The notification centre on this run's shared database: users of our own (no memberships, so no
 * customer count elsewhere changes), events recorded through the real service in a transaction, and
 * every call through real HTTP with tokens from the dev IdP's login page.
 */

// A demo customer only as the notifications' customer reference: no ticket is written into it.
const CUSTOMER = 1004;

const alice = person('notif-alice', 'en', 'Alice', 'Anders');
const bob = person('notif-bob', 'nl', 'Bob', 'Bakker');
const actor = person('notif-actor', 'nl', 'Joris', 'Mulder');

let server: TestServer;
let token: (who: Person) => Promise<string>;
let database: ReturnType<typeof createDatabase>;
let service: ReturnType<typeof createNotificationsService>;
let eventCounter = 0;

function ticketEvent(recipients: Person[], overrides: Partial<TicketEvent> = {}): TicketEvent {
  eventCounter += 1;
  return {
    kind: 'ticket_reply',
    eventKey: `test-notifications:${alice.id}:${eventCounter}`,
    customerId: CUSTOMER,
    ticketId: 90_000 + eventCounter,
    subject: `Subject ${eventCounter}`,
    actor: { userId: actor.id, name: 'Joris Mulder', staff: true },
    excerpt: 'We looked into it.',
    recipients: recipients.map((who) => who.id),
    ...overrides,
  };
}

async function record(event: TicketEvent): Promise<number[]> {
  return database.db.transaction((tx) => service.recordTicketEvent(tx, event));
}

async function list(who: Person, query = '') {
  const response = await call(server, 'GET', `/api/v2/me/notifications${query}`, {
    token: await token(who),
  });
  return { ...response, items: response.json as Notification[] };
}

async function unread(who: Person): Promise<number> {
  const response = await call(server, 'GET', '/api/v2/me/notifications/summary', {
    token: await token(who),
  });
  expect(response.status).toBe(200);
  return (response.json as { unread: number }).unread;
}

beforeAll(async () => {
  server = await startTestServer();
  await createPeople(server.databaseUrl, [alice, bob, actor]);
  const tokens = tokenSource(server);
  token = (who) => tokens(who.username, who.password);
  database = createDatabase(server.databaseUrl, 2);
  service = createNotificationsService({
    db: database.db,
    config: { publicUrl: server.baseUrl, BRAND_NAME: 'Portaal' },
    users: createUsersService(createUsersRepo(database.db), { rolePrefix: 'provider' }),
    log: { warn() {} },
    cursors: createCursors('the cursor secret of this test file, 32+ chars'),
  });
});

afterAll(async () => {
  await server?.close();
  await database?.pool.end();
});

describe('recording a ticket event', () => {
  it('adds one notification and one mail per recipient, never for the actor, once per event key', async () => {
    const event = ticketEvent([alice, bob, actor]);
    const mailIds = await record(event);
    expect(mailIds).toHaveLength(2);
    expect(await record(event)).toEqual([]);

    const sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    try {
      const notifications = await sql.query(
        'select user_id, kind, params from notifications where event_key = $1 order by user_id',
        [event.eventKey],
      );
      expect(notifications.rows.map((row) => row.user_id).sort()).toEqual([alice.id, bob.id].sort());
      expect(notifications.rows[0].params).toEqual({
        ticket_subject: event.subject,
        actor_name: 'Joris Mulder',
      });
      const mails = await sql.query(
        'select idempotency_key, recipient, language, subject, text, html, status from mail_outbox where id = any($1) order by recipient',
        [mailIds],
      );
      const byLanguage = Object.fromEntries(mails.rows.map((row) => [row.language, row]));
      expect(byLanguage.en).toMatchObject({
        recipient: alice.email,
        idempotency_key: `${event.eventKey}:${alice.id}`,
        subject: `New reply on ticket #${event.ticketId}: ${event.subject}`,
        status: 'pending',
      });
      expect(byLanguage.nl).toMatchObject({
        recipient: bob.email,
        subject: `Nieuw antwoord op ticket #${event.ticketId}: ${event.subject}`,
      });
      expect(byLanguage.nl.text).toContain('Beste Bob,');
      expect(byLanguage.nl.text).toContain(
        `${server.baseUrl}/support/ticket/${event.ticketId}?customer=${CUSTOMER}`,
      );
      expect(byLanguage.en.html).toContain('We looked into it.');
    } finally {
      await sql.end();
    }
  });

  it('writes a closed ticket in the recipient language and escapes HTML', async () => {
    const event = ticketEvent([bob], {
      kind: 'ticket_status',
      status: 'closed',
      subject: '<script>alert(1)</script>\r\nBcc: x@evil.test',
    });
    const [mailId] = await record(event);
    const sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    try {
      const { rows } = await sql.query('select subject, text, html from mail_outbox where id = $1', [mailId]);
      expect(rows[0].subject).toBe(`Ticket #${event.ticketId} is gesloten`);
      expect(rows[0].text).toContain('heeft de status van ticket');
      expect(rows[0].text).toContain('Gesloten');
      expect(rows[0].html).not.toContain('<script>');
      expect(rows[0].html).toContain('&lt;script&gt;');
    } finally {
      await sql.end();
    }
  });
});

describe('the notification centre API', () => {
  it('answers 401 without a token on every route', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v2/me/notifications'],
      ['GET', '/api/v2/me/notifications/summary'],
      ['POST', '/api/v2/me/notifications/read-all'],
      ['PATCH', '/api/v2/me/notifications/1', { read: true }],
      ['GET', '/api/admin/v2/outbox'],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(server, method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('keeps each user to their own notifications: list, count, read one, read all', async () => {
    // Fresh users of this test, so every count is exact.
    const carol = person('notif-carol', 'en', 'Carol', 'Clark');
    const dave = person('notif-dave', 'nl', 'Dave', 'Dekker');
    await createPeople(server.databaseUrl, [carol, dave]);
    for (let i = 0; i < 3; i++) await record(ticketEvent([carol, dave]));
    await record(ticketEvent([carol]));

    expect(await unread(carol)).toBe(4);
    expect(await unread(dave)).toBe(3);
    const carols = await list(carol);
    const daves = await list(dave);
    expect(carols.status).toBe(200);
    expect(carols.items).toHaveLength(4);
    expect(daves.items).toHaveLength(3);
    // Newest first, and nothing of the other user.
    const ids = carols.items.map((item) => item.notification_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const davesIds = new Set(daves.items.map((item) => item.notification_id));
    expect(ids.some((id) => davesIds.has(id))).toBe(false);
    expect(carols.items[0]).toMatchObject({ kind: 'ticket_reply', customer_id: CUSTOMER, read_at: null });

    // Carol cannot read or change Dave's notification: 404, and it stays unread.
    const davesFirst = daves.items[0] as Notification;
    const foreign = await call(server, 'PATCH', `/api/v2/me/notifications/${davesFirst.notification_id}`, {
      token: await token(carol),
      body: { read: true },
    });
    expect(foreign.status).toBe(404);
    expect((foreign.json as { code: string }).code).toBe('NOTIFICATION_NOT_FOUND');
    expect(await unread(dave)).toBe(3);

    // Mark one read, then unread again.
    const target = carols.items[1] as Notification;
    const read = await call(server, 'PATCH', `/api/v2/me/notifications/${target.notification_id}`, {
      token: await token(carol),
      body: { read: true },
    });
    expect(read.status).toBe(200);
    expect((read.json as Notification).read_at).not.toBeNull();
    expect(await unread(carol)).toBe(3);
    expect((await list(carol, '?unread=true')).items.map((item) => item.notification_id)).not.toContain(
      target.notification_id,
    );
    expect((await list(carol, '?unread=false')).items.map((item) => item.notification_id)).toEqual([
      target.notification_id,
    ]);
    const again = await call(server, 'PATCH', `/api/v2/me/notifications/${target.notification_id}`, {
      token: await token(carol),
      body: { read: false },
    });
    expect((again.json as Notification).read_at).toBeNull();
    expect(await unread(carol)).toBe(4);

    // Read all: only Carol's.
    const all = await call(server, 'POST', '/api/v2/me/notifications/read-all', {
      token: await token(carol),
    });
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ unread: 0 });
    expect(await unread(carol)).toBe(0);
    expect(await unread(dave)).toBe(3);
    expect((await list(carol, '?unread=true')).items).toHaveLength(0);
  });

  it('pages newest first with a keyset cursor in the Link header', async () => {
    const erin = person('notif-erin', 'en', 'Erin', 'Evans');
    await createPeople(server.databaseUrl, [erin]);
    for (let i = 0; i < 5; i++) await record(ticketEvent([erin]));
    const seen: number[] = [];
    let next: string | undefined = '/api/v2/me/notifications?limit=2';
    let pages = 0;
    while (next) {
      const response = await call(server, 'GET', next, { token: await token(erin) });
      expect(response.status).toBe(200);
      seen.push(...(response.json as Notification[]).map((item) => item.notification_id));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('refuses bad input with 400', async () => {
    const auth = { token: await token(alice) };
    expect((await call(server, 'GET', '/api/v2/me/notifications?cursor=nonsense', auth)).status).toBe(400);
    expect((await call(server, 'GET', '/api/v2/me/notifications?unread=maybe', auth)).status).toBe(400);
    expect((await call(server, 'GET', '/api/v2/me/notifications?limit=101', auth)).status).toBe(400);
    const patch = (body: unknown, id = '1') =>
      call(server, 'PATCH', `/api/v2/me/notifications/${id}`, { ...auth, body });
    expect((await patch({ read: 'yes' })).status).toBe(400);
    expect((await patch({ read: true, extra: 1 })).status).toBe(400);
    expect((await patch({ read: true }, 'abc')).status).toBe(400);
  });
});

describe('the outbox, the embedded mail target (no SMTP_URL)', () => {
  let outboxServer: TestServer;

  beforeAll(async () => {
    // Its own pg-boss schema and no sweep: its workers only ever see the mails this test hands them.
    outboxServer = await startTestServer({}, undefined, {
      jobs: { schema: `pgboss_outbox_${process.pid}`, sweep: false },
    });
  });
  afterAll(async () => outboxServer?.close());

  it('stores the mail, and staff read it through GET /api/admin/v2/outbox; customers get 403', async () => {
    const outboxService = createNotificationsService({
      db: database.db,
      config: { publicUrl: outboxServer.baseUrl, BRAND_NAME: 'Portaal' },
      users: createUsersService(createUsersRepo(database.db), { rolePrefix: 'provider' }),
      mailQueue: outboxServer.jobs?.mailQueue,
      log: { warn() {} },
      cursors: createCursors('the cursor secret of this test file, 32+ chars'),
    });
    const event = ticketEvent([alice]);
    const mailIds = await database.db.transaction((tx) => outboxService.recordTicketEvent(tx, event));
    expect(mailIds).toHaveLength(1);
    await outboxService.dispatch(mailIds);

    const row = await waitForMail(
      server.databaseUrl,
      mailIds[0] as number,
      (mail) => mail.status !== 'pending',
    );
    expect(row).toMatchObject({ status: 'stored', attempts: 1 });
    expect(row.sent_at).not.toBeNull();

    const staff = tokenSource(outboxServer);
    const response = await call(outboxServer, 'GET', '/api/admin/v2/outbox?limit=100', {
      token: await staff('staff-viewer'),
    });
    expect(response.status).toBe(200);
    const mail = (response.json as OutboxMail[]).find((item) => item.mail_id === mailIds[0]);
    expect(mail).toMatchObject({
      recipient: alice.email,
      language: 'en',
      status: 'stored',
      subject: `New reply on ticket #${event.ticketId}: ${event.subject}`,
    });

    const customer = await call(outboxServer, 'GET', '/api/admin/v2/outbox', { token: await staff('owner') });
    expect(customer.status).toBe(403);
    const mine = await call(outboxServer, 'GET', '/api/admin/v2/outbox', {
      token: await staff(alice.username, alice.password),
    });
    expect(mine.status).toBe(403);
  });
});
