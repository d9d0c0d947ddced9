import type { Ticket, TicketSummary } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, form, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * A ticket from opening to closing, through real HTTP, the real IdP login and PostgreSQL: the viewer
 * opens it with an attachment, the service desk replies (and writes an internal note), the viewer
 * reads the reply, downloads the attachment unchanged and closes the ticket.
 */
const CUSTOMER = 1001;
let server: TicketsServer;
let viewer: string;
let staff: string;

beforeAll(async () => {
  server = await startTicketsServer('flow');
  const token = tokenSource(server);
  [viewer, staff] = await Promise.all([token('viewer'), token('staff-moderator')]);
});
afterAll(async () => server?.close());

const base = `/api/v2/customer/${CUSTOMER}`;

describe('a ticket from opening to closing', () => {
  let ticket: Ticket;

  it('the viewer opens a ticket with a screenshot (multipart)', async () => {
    const created = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      body: form(
        {
          category: 'technical_request',
          subject: 'Webshop toont foutmelding 502',
          description: 'Sinds vanochtend ziet een deel van de klanten een 502-fout.\nZie de schermafdruk.',
          priority: '1',
        },
        [{ name: 'scherm 502.png', content: files.png }],
      ),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    ticket = created.json as Ticket;
    expect(created.headers.get('location')).toBe(`${base}/tickets/${ticket.ticket_id}`);
    expect(ticket).toMatchObject({
      customer_id: CUSTOMER,
      subject: 'Webshop toont foutmelding 502',
      category: 'technical_request',
      department: 'technical_support',
      priority: 1,
      status: 'new',
      message_count: 1,
      attachment_count: 1,
      author: { name: 'Lotte Smit', staff: false },
      can_reply: true,
      can_write_internal: false,
      allowed_statuses: ['closed'],
    });
    expect(ticket.ticket_id).toBeGreaterThan(10_047);
    const [first] = ticket.messages;
    expect(first?.body).toContain('502-fout');
    expect(first?.attachments).toMatchObject([
      { file_name: 'scherm 502.png', content_type: 'image/png', size: files.png.length },
    ]);
  });

  it('the service desk writes an internal note and replies, asking for more information', async () => {
    const listed = async () => {
      const list = await send(server, 'GET', `${base}/tickets?search=%23${ticket.ticket_id}`, {
        token: viewer,
      });
      return (list.json as TicketSummary[])[0];
    };
    const before = await listed();
    const note = await send(server, 'POST', `${base}/tickets/${ticket.ticket_id}/messages`, {
      token: staff,
      json: { body: 'Upstream timeouts op web02; klant nog niet informeren.', internal: true },
    });
    expect(note.status, JSON.stringify(note.json)).toBe(201);
    expect((note.json as Ticket).status).toBe('new');
    // The customer's list gives nothing of the note away: same counts, same last update.
    expect(await listed()).toEqual(before);
    expect(before).toMatchObject({ message_count: 1, attachment_count: 1 });
    const reply = await send(server, 'POST', `${base}/tickets/${ticket.ticket_id}/messages`, {
      token: staff,
      json: { body: 'Beste Lotte,\n\nWelke URL gaf de fout precies?', status: 'awaiting_reply' },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const seenByStaff = reply.json as Ticket;
    expect(seenByStaff.status).toBe('awaiting_reply');
    expect(seenByStaff.can_write_internal).toBe(true);
    expect(seenByStaff.messages.map((message) => [message.internal, message.status_change])).toEqual([
      [false, null],
      [true, null],
      [false, 'awaiting_reply'],
    ]);
    expect(seenByStaff.messages[2]?.author).toMatchObject({ name: 'Joris Mulder', staff: true });
    // The counters are the customer's: the internal note is not among them.
    expect(seenByStaff.message_count).toBe(2);
  });

  it('the viewer is notified, sees the reply but not the internal note', async () => {
    const notified = await server.count(
      "select count(*) from notifications where user_id = $1 and ticket_id = $2 and kind = 'ticket_reply'",
      ['6f1c2a10-0005-4a1e-9c01-000000000005', ticket.ticket_id],
    );
    expect(notified).toBe(1);
    const detail = await send(server, 'GET', `${base}/tickets/${ticket.ticket_id}`, { token: viewer });
    expect(detail.status).toBe(200);
    const seen = detail.json as Ticket;
    expect(seen.messages).toHaveLength(2);
    expect(seen.messages.some((message) => message.internal)).toBe(false);
    expect(seen.messages[1]?.body).toContain('Welke URL');
    expect(seen.status).toBe('awaiting_reply');
    expect(seen.allowed_statuses).toEqual(['closed']);
  });

  it('the viewer downloads the attachment byte for byte', async () => {
    const attachment = ticket.messages[0]?.attachments[0];
    if (!attachment) throw new Error('no attachment');
    const download = await send(
      server,
      'GET',
      `${base}/tickets/${ticket.ticket_id}/attachments/${attachment.attachment_id}`,
      { token: viewer },
    );
    expect(download.status).toBe(200);
    expect(download.bytes.equals(files.png)).toBe(true);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="scherm 502.png"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
  });

  it('the viewer answers with a 5 MB log (over the 1 MiB JSON limit, under the 20 MB total), which reopens the ticket, and then closes it', async () => {
    const log = Buffer.from('2026-11-22T08:00:00Z web02 nginx: upstream timed out\n'.repeat(100_000));
    expect(log.length).toBeGreaterThan(5_000_000);
    const answer = await send(server, 'POST', `${base}/tickets/${ticket.ticket_id}/messages`, {
      token: viewer,
      body: form({ body: 'Het was https://www.goudenkorst.nl/bestellen.' }, [
        { name: 'nginx-error.log', content: log },
      ]),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const answered = answer.json as Ticket;
    expect(answered.status).toBe('open');
    expect(answered.attachment_count).toBe(2);
    const logFile = answered.messages.at(-1)?.attachments[0];
    expect(logFile).toMatchObject({
      file_name: 'nginx-error.log',
      content_type: 'text/plain',
      size: log.length,
    });
    const downloaded = await send(
      server,
      'GET',
      `${base}/tickets/${ticket.ticket_id}/attachments/${logFile?.attachment_id}`,
      { token: staff },
    );
    expect(downloaded.bytes.equals(log)).toBe(true);
    const closed = await send(server, 'PATCH', `${base}/tickets/${ticket.ticket_id}`, {
      token: viewer,
      json: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    const final = closed.json as Ticket;
    expect(final.status).toBe('closed');
    expect(final.allowed_statuses).toEqual(['open']);
    const event = final.messages.at(-1);
    expect(event).toMatchObject({ body: '', status_change: 'closed', author: { name: 'Lotte Smit' } });
    const staffView = await send(server, 'GET', `${base}/tickets/${ticket.ticket_id}`, { token: staff });
    expect((staffView.json as Ticket).messages).toHaveLength(5);
    // First message, staff reply and the viewer's answer; not the internal note or the status event.
    expect((staffView.json as Ticket).message_count).toBe(3);
    // The author closed their own ticket and nobody watches it: nobody to tell, and nobody told.
    const statusNotifications = await server.count(
      "select count(*) from notifications where ticket_id = $1 and kind = 'ticket_status'",
      [ticket.ticket_id],
    );
    expect(statusNotifications).toBe(0);
  });

  it('the viewer finds the closed ticket by its number and by its subject', async () => {
    for (const search of [`%23${ticket.ticket_id}`, 'foutmelding%20502']) {
      const list = await send(server, 'GET', `${base}/tickets?search=${search}`, { token: viewer });
      expect(list.status).toBe(200);
      expect(list.json as TicketSummary[]).toEqual([
        expect.objectContaining({
          ticket_id: ticket.ticket_id,
          status: 'closed',
          message_count: 3,
          attachment_count: 2,
        }),
      ]);
    }
  });

  it('a watcher who is no longer a member of the customer hears nothing more of the ticket', async () => {
    const ids = await server.sql.query<{ id: string; username: string }>(
      "select id, username from users where username in ('owner', 'multi')",
    );
    const id = (username: string) => ids.rows.find((row) => row.username === username)?.id;
    await server.sql.query('insert into ticket_watchers (ticket_id, user_id) values ($1, $2), ($1, $3)', [
      ticket.ticket_id,
      id('owner'),
      id('multi'),
    ]);
    // multi is not a member of 1001 (demo: 1002 and 1003); owner is, until now.
    await server.sql.query('delete from memberships where user_id = $1 and customer_id = $2', [
      id('owner'),
      CUSTOMER,
    ]);
    const reply = await send(server, 'POST', `${base}/tickets/${ticket.ticket_id}/messages`, {
      token: staff,
      json: { body: 'Nog een laatste aanvulling van de servicedesk.' },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const messageId = (reply.json as Ticket).messages.at(-1)?.message_id;
    const told = await server.sql.query<{ username: string }>(
      `select u.username from notifications n join users u on u.id = n.user_id
        where n.event_key = $1 order by u.username`,
      [`ticket-message:${messageId}`],
    );
    expect(told.rows.map((row) => row.username)).toEqual(['viewer']);
    const mailed = await server.count('select count(*) from mail_outbox where idempotency_key like $1', [
      `ticket-message:${messageId}:%`,
    ]);
    expect(mailed).toBe(1);
  });

  it('an internal note that sets the status leaves the note with staff and tells the customer of the status', async () => {
    const before = await send(server, 'GET', `${base}/tickets/${ticket.ticket_id}`, { token: viewer });
    const seenBefore = (before.json as Ticket).messages.length;
    const note = await send(server, 'POST', `${base}/tickets/${ticket.ticket_id}/messages`, {
      token: staff,
      json: { body: 'Intern: heropenen, web02 opnieuw bekijken.', internal: true, status: 'in_progress' },
    });
    expect(note.status, JSON.stringify(note.json)).toBe(201);
    // Staff: the note without a status change, then the status change as an event of its own.
    expect(
      (note.json as Ticket).messages.slice(-2).map((m) => [m.internal, m.body !== '', m.status_change]),
    ).toEqual([
      [true, true, null],
      [false, false, 'in_progress'],
    ]);
    const after = await send(server, 'GET', `${base}/tickets/${ticket.ticket_id}`, { token: viewer });
    const seen = after.json as Ticket;
    expect(seen.status).toBe('in_progress');
    expect(seen.messages).toHaveLength(seenBefore + 1);
    expect(seen.messages.at(-1)).toMatchObject({ body: '', internal: false, status_change: 'in_progress' });
    expect(seen.messages.some((message) => message.body.includes('Intern:'))).toBe(false);
    const statusEvent = seen.messages.at(-1)?.message_id;
    const told = await server.sql.query<{ username: string; kind: string }>(
      `select u.username, n.kind from notifications n join users u on u.id = n.user_id
        where n.event_key = $1`,
      [`ticket-message:${statusEvent}`],
    );
    expect(told.rows).toEqual([{ username: 'viewer', kind: 'ticket_status' }]);
  });
});

describe('status changes in the audit log (DESIGN.md §8)', () => {
  let ticketId: number;
  /** The ticket's audit events, oldest first, with the actor's username. */
  const events = async () =>
    (
      await server.sql.query<{ action: string; username: string; customer_id: number; summary: string }>(
        `select a.action, u.username, a.customer_id, a.summary from audit_events a
           join users u on u.id = a.actor_id
          where a.object = $1 order by a.id`,
        [`tickets/${ticketId}`],
      )
    ).rows;

  beforeAll(async () => {
    const created = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      json: {
        category: 'technical_request',
        subject: 'Status in het auditlog',
        description: 'Test.',
        priority: 2,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    ticketId = (created.json as Ticket).ticket_id;
  });

  it('staff setting the status writes one event with the old and new status', async () => {
    const patched = await send(server, 'PATCH', `${base}/tickets/${ticketId}`, {
      token: staff,
      json: { status: 'awaiting_reply' },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(await events()).toEqual([
      {
        action: 'ticket.status',
        username: 'staff-moderator',
        customer_id: CUSTOMER,
        summary: 'status: new → awaiting_reply',
      },
    ]);
  });

  it('a refused change and the same status again write nothing', async () => {
    const refused = await send(server, 'PATCH', `${base}/tickets/${ticketId}`, {
      token: viewer,
      json: { status: 'in_progress' },
    });
    expect(refused.status).toBe(403);
    const same = await send(server, 'PATCH', `${base}/tickets/${ticketId}`, {
      token: staff,
      json: { status: 'awaiting_reply' },
    });
    expect(same.status).toBe(200);
    expect(await events()).toHaveLength(1);
  });

  it('the customer closing and reopening their ticket, and a reply that moves it, each write one', async () => {
    for (const status of ['closed', 'open'] as const) {
      const patched = await send(server, 'PATCH', `${base}/tickets/${ticketId}`, {
        token: viewer,
        json: { status },
      });
      expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    }
    const reply = await send(server, 'POST', `${base}/tickets/${ticketId}/messages`, {
      token: staff,
      json: { body: 'We kijken ernaar.', status: 'in_progress' },
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    expect((await events()).slice(1)).toEqual([
      {
        action: 'ticket.status',
        username: 'viewer',
        customer_id: CUSTOMER,
        summary: 'status: awaiting_reply → closed',
      },
      {
        action: 'ticket.status',
        username: 'viewer',
        customer_id: CUSTOMER,
        summary: 'status: closed → open',
      },
      {
        action: 'ticket.status',
        username: 'staff-moderator',
        customer_id: CUSTOMER,
        summary: 'status: open → in_progress',
      },
    ]);
  });
});
