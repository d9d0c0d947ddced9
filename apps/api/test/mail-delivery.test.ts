import type { Ticket } from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { createCursors } from '../src/lib/cursor.ts';
import { messageIdFor } from '../src/modules/notifications/mail-delivery.ts';
import type { TicketEvent } from '../src/modules/notifications/notifications.events.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  createPeople,
  isolatedDatabase,
  parseMail,
  person,
  startSmtpSink,
  waitForMail,
} from './mail-support.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * Mail to a real SMTP server (npm smtp-server on loopback), sent by the product's own pg-boss
 * workers: the server runs with SMTP_URL as `npm start` would. The database is this file's own
 * (migrated and seeded), because the workers' sweep takes every pending mail of their database.
 */
const MAIL_FROM = 'Portaal Service Desk <servicedesk@portaal.example>';
const CUSTOMER = 1001;

const english = person('mail-en', 'en', 'Emily', 'Evans');
const dutch = person('mail-nl', 'nl', 'Daan', 'de Vries');
const actor = person('mail-actor', 'nl', 'Joris', 'Mulder');
const bouncing = person('mail-bounce', 'en', 'Bo', 'Bounce');

let database: Awaited<ReturnType<typeof isolatedDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
let handle: ReturnType<typeof createDatabase>;
let service: ReturnType<typeof createNotificationsService>;
let sql: pg.Client;
let counter = 0;

function ticketEvent(overrides: Partial<TicketEvent> = {}): TicketEvent {
  counter += 1;
  return {
    kind: 'ticket_reply',
    eventKey: `mail-delivery:${counter}`,
    customerId: CUSTOMER,
    ticketId: 70_000 + counter,
    subject: `Printer on floor ${counter} is offline`,
    actor: { userId: actor.id, name: 'Joris Mulder', staff: true },
    excerpt: 'We replaced the toner.\nPlease try again.',
    recipients: [english.id, dutch.id, actor.id],
    ...overrides,
  };
}

const mailsTo = (address: string) => smtp.accepted.filter((mail) => mail.to.includes(address));

/** Waits until every mail.deliver job for these mails has finished (completed or failed). */
async function jobsSettled(mailIds: number[], timeoutMs = 20_000) {
  const keys = mailIds.map((id) => `mail:${id}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query<{ open: string }>(
      `select count(*) as open from pgboss.job
        where name = 'mail.deliver' and singleton_key = any($1) and state < 'completed'`,
      [keys],
    );
    if (Number(rows[0]?.open) === 0) return;
    if (Date.now() > deadline) throw new Error('mail jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

beforeAll(async () => {
  database = await isolatedDatabase('mail');
  handle = createDatabase(database.url, 2);
  await seedDemo(handle.db);
  await createPeople(database.url, [english, dutch, actor, bouncing]);
  smtp = await startSmtpSink({ reject: (address) => address === bouncing.email });
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM }, undefined, {
    databaseUrl: database.url,
    jobs: {},
  });
  service = createNotificationsService({
    db: handle.db,
    config: { publicUrl: server.baseUrl, BRAND_NAME: 'Portaal' },
    users: createUsersService(createUsersRepo(handle.db), { rolePrefix: 'provider' }),
    mailQueue: server.jobs?.mailQueue,
    log: { warn() {} },
    cursors: createCursors('the cursor secret of this test file, 32+ chars'),
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
  await handle?.pool.end();
  await smtp?.close();
  await database?.drop();
});

describe('mail for a ticket event', () => {
  it('reaches each recipient once, in their own language, and marks the rows sent', async () => {
    const event = ticketEvent();
    const mailIds = await handle.db.transaction((tx) => service.recordTicketEvent(tx, event));
    expect(mailIds).toHaveLength(2);
    await service.dispatch(mailIds);
    await smtp.waitUntil(() => smtp.accepted.length >= 2, 20_000, 'two mails');

    const [toEnglish] = mailsTo(english.email);
    const [toDutch] = mailsTo(dutch.email);
    expect(mailsTo(english.email)).toHaveLength(1);
    expect(mailsTo(dutch.email)).toHaveLength(1);
    expect(mailsTo(actor.email)).toHaveLength(0);

    const en = parseMail(toEnglish?.raw ?? '');
    expect(en.header('to')).toBe(english.email);
    expect(en.header('from')).toBe(MAIL_FROM);
    expect(en.header('subject')).toBe(`New reply on ticket #${event.ticketId}: ${event.subject}`);
    expect(en.header('message-id')).toBe(messageIdFor(`${event.eventKey}:${english.id}`, MAIL_FROM));
    expect(en.header('auto-submitted')).toBe('auto-generated');
    expect(en.text).toContain('Dear Emily,');
    expect(en.text).toContain(`Joris Mulder replied to ticket #${event.ticketId} “${event.subject}”:`);
    expect(en.text).toContain('> We replaced the toner.');
    expect(en.text).toContain(`${server.baseUrl}/support/ticket/${event.ticketId}?customer=${CUSTOMER}`);
    expect(en.html).toContain('<blockquote');

    const nl = parseMail(toDutch?.raw ?? '');
    expect(nl.header('subject')).toBe(`Nieuw antwoord op ticket #${event.ticketId}: ${event.subject}`);
    expect(nl.text).toContain('Beste Daan,');
    expect(nl.text).toContain(`Joris Mulder heeft gereageerd op ticket #${event.ticketId}`);
    expect(nl.text).toContain('Bekijk het ticket en reageer:');

    for (const mailId of mailIds) {
      const row = await waitForMail(database.url, mailId, (mail) => mail.status === 'sent');
      expect(row.attempts).toBe(1);
      expect(row.sent_at).not.toBeNull();
    }

    // The same event again records nothing, and dispatching the same mails again sends nothing.
    expect(await handle.db.transaction((tx) => service.recordTicketEvent(tx, event))).toEqual([]);
    await jobsSettled(mailIds);
    await service.dispatch(mailIds);
    await service.dispatch(mailIds);
    await jobsSettled(mailIds);
    expect(mailsTo(english.email)).toHaveLength(1);
    expect(mailsTo(dutch.email)).toHaveLength(1);
    for (const mailId of mailIds) {
      expect((await waitForMail(database.url, mailId, () => true)).attempts).toBe(1);
    }
  });

  it('the sweep hands over mails whose dispatch was lost', async () => {
    const event = ticketEvent({ kind: 'ticket_status', status: 'closed', recipients: [dutch.id] });
    const [mailId] = await handle.db.transaction((tx) => service.recordTicketEvent(tx, event));
    expect(mailId).toBeDefined();
    // No dispatch: as if the process died right after the commit.
    const before = mailsTo(dutch.email).length;
    expect(await server.jobs?.sweep(0)).toBeGreaterThanOrEqual(1);
    await smtp.waitUntil(() => mailsTo(dutch.email).length > before, 20_000, 'the swept mail');
    const mail = parseMail(mailsTo(dutch.email).at(-1)?.raw ?? '');
    expect(mail.header('subject')).toBe(`Ticket #${event.ticketId} is gesloten`);
    expect(mail.text).toContain('Gesloten');
    await waitForMail(database.url, mailId as number, (row) => row.status === 'sent');
    // A second sweep finds nothing pending.
    expect(await server.jobs?.sweep(0)).toBe(0);
  });
});

describe('a mail the SMTP server refuses', () => {
  it('keeps it pending with the error and the attempt, for pg-boss to retry', async () => {
    const event = ticketEvent({ recipients: [bouncing.id] });
    const [mailId] = await handle.db.transaction((tx) => service.recordTicketEvent(tx, event));
    await service.dispatch([mailId as number]);
    const row = await waitForMail(database.url, mailId as number, (mail) => mail.last_error !== null);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.last_error).toContain('Mailbox unavailable');
    expect(mailsTo(bouncing.email)).toHaveLength(0);
    // The handler recorded the error and threw; pg-boss then files the job for a retry.
    const deadline = Date.now() + 10_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      const { rows } = await sql.query<{ state: string }>(
        `select state from pgboss.job where name = 'mail.deliver' and singleton_key = $1`,
        [`mail:${mailId}`],
      );
      states = rows.map((job) => job.state);
      if (states[0] !== 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(states).toEqual(['retry']);
  });
});

describe('end to end through the tickets API', () => {
  it('a staff reply and closing mail the author (en) and a watcher (nl) at the SMTP server', async () => {
    const token = tokenSource(server);
    const [author, owner, staff] = await Promise.all([
      token('financial-viewer'),
      token('owner'),
      token('staff-moderator'),
    ]);
    const authorEmail = 'emma.bakker@goudenkorst.example';
    const ownerEmail = 'sanne.devries@goudenkorst.example';
    const base = `/api/v2/customer/${CUSTOMER}/tickets`;

    const data = new FormData();
    data.append('category', 'administrative_request');
    data.append('subject', 'Invoice address for the Q3 invoice');
    data.append('description', 'Please send the Q3 invoice to our new address.');
    data.append('priority', '2');
    const created = await fetch(`${server.baseUrl}${base}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author}` },
      body: data,
    });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as Ticket;

    // The owner joins the conversation (and so becomes a watcher); the author hears of it.
    const joined = await call(server, 'POST', `${base}/${ticket.ticket_id}/messages`, {
      token: owner,
      body: { body: 'Het nieuwe adres staat in ons profiel.' },
    });
    expect(joined.status).toBe(201);
    await smtp.waitUntil(() => mailsTo(authorEmail).length >= 1, 20_000, 'the mail about the owner reply');

    const reply = await call(server, 'POST', `${base}/${ticket.ticket_id}/messages`, {
      token: staff,
      body: { body: 'We have updated the address and will resend the invoice.' },
    });
    expect(reply.status).toBe(201);
    await smtp.waitUntil(
      () => mailsTo(authorEmail).length >= 2 && mailsTo(ownerEmail).length >= 1,
      20_000,
      'the mails about the staff reply',
    );
    const closed = await call(server, 'PATCH', `${base}/${ticket.ticket_id}`, {
      token: staff,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    await smtp.waitUntil(
      () => mailsTo(authorEmail).length >= 3 && mailsTo(ownerEmail).length >= 2,
      20_000,
      'the mails about closing',
    );

    const toAuthor = mailsTo(authorEmail).map((mail) => parseMail(mail.raw));
    const toOwner = mailsTo(ownerEmail).map((mail) => parseMail(mail.raw));
    expect(toAuthor.map((mail) => mail.header('subject'))).toEqual([
      `New reply on ticket #${ticket.ticket_id}: Invoice address for the Q3 invoice`,
      `New reply on ticket #${ticket.ticket_id}: Invoice address for the Q3 invoice`,
      `Ticket #${ticket.ticket_id} is closed`,
    ]);
    expect(toOwner.map((mail) => mail.header('subject'))).toEqual([
      `Nieuw antwoord op ticket #${ticket.ticket_id}: Invoice address for the Q3 invoice`,
      `Ticket #${ticket.ticket_id} is gesloten`,
    ]);
    expect(toAuthor[1]?.text).toContain('We have updated the address');
    expect(toOwner[0]?.text).toContain('Beste Sanne,');

    // The author's bell shows the same three events.
    const bell = await call(server, 'GET', '/api/v2/me/notifications/summary', { token: author });
    expect(bell.json).toEqual({ unread: 3 });
  });
});
