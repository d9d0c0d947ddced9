import type { DeskCounts, DeskTicket, SavedReply, Ticket, TicketLocation } from '@portaal/contracts';
import { hashPassword } from '@portaal/idp/password';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { demoSavedReplies } from '../src/modules/tickets/saved-replies.seed.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The service desk's routes (issue 15) as a matrix: every demo user, the loner and anonymous, with exact
 * status codes; for staff the exact counts of the queue's views against the demo seed. Only staff
 * reach these routes (global rights): customers get 403 whatever they hold in their own customer.
 * The writes (assignment, replies, saved replies) come after the reads, in this file's own database.
 */
const customers = ['owner', 'financial-moderator', 'financial-viewer', 'technical-viewer', 'viewer', 'multi'];
const everyone: (string | null)[] = [...customers, 'staff-viewer', 'staff-moderator', LONER.username, null];
const MODERATOR_ID = '6f1c2a10-0008-4a1e-9c01-000000000008';
const VIEWER_STAFF_ID = '6f1c2a10-0007-4a1e-9c01-000000000007';
const OWNER_ID = '6f1c2a10-0001-4a1e-9c01-000000000001';
/** A second staff moderator, so that an assignment by one notifies the other. */
const COLLEAGUE = {
  id: '6f1c2a10-00fe-4a1e-9c01-0000000000fe',
  username: 'colleague',
  password: 'colleague-pass',
};

const open = demoTickets.filter((ticket) => ticket.status !== 'closed');
const awaiting = open.filter((ticket) => ticket.deskDueAt !== null);
/** The queue's order: due time (nothing due last), then the ticket number. */
const queueOrder = [...open]
  .sort(
    (a, b) =>
      (a.deskDueAt ? Date.parse(a.deskDueAt) : Number.POSITIVE_INFINITY) -
        (b.deskDueAt ? Date.parse(b.deskDueAt) : Number.POSITIVE_INFINITY) || a.number - b.number,
  )
  .map((ticket) => ticket.number);

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('desk');
  await ensureLoner(server.databaseUrl);
  await server.sql.query(
    `insert into users (id, username, email, given_name, family_name, language, password_hash, global_roles)
     values ($1, $2, 'colleague@example.test', 'Col', 'League', 'nl', $3, '{provider_moderator}')
     on conflict (id) do nothing`,
    [COLLEAGUE.id, COLLEAGUE.username, await hashPassword(COLLEAGUE.password)],
  );
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (username: string | null) =>
  username === null
    ? {}
    : { token: await token(username, username === COLLEAGUE.username ? COLLEAGUE.password : undefined) };
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const isStaff = (username: string | null) => username?.startsWith('staff-') ?? false;

/** Every page of the queue for a query, following the Link header. */
async function allPages(username: string, query: string) {
  const options = await auth(username);
  const items: DeskTicket[] = [];
  let path: string | undefined = `/api/admin/v2/tickets?${query}`;
  let pages = 0;
  while (path) {
    const response = await send(server, 'GET', path, options);
    expect(response.status, path).toBe(200);
    items.push(...(response.json as DeskTicket[]));
    pages++;
    path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return { items, pages };
}

describe('the seed behind the literal counts', () => {
  it('has 32 open tickets, 7 new and 7 awaiting the desk', () => {
    expect([open.length, open.filter((t) => t.status === 'new').length, awaiting.length]).toEqual([32, 7, 7]);
    expect([1001, 1002, 1003, 1004].map((id) => open.filter((t) => t.customerId === id).length)).toEqual([
      17, 7, 4, 4,
    ]);
  });
});

describe.each(everyone)('reads: %s', (username) => {
  const staff = isStaff(username);
  const expected = username === null ? 401 : staff ? 200 : 403;

  it('GET the queue, its counts, a ticket by number, the staff and the saved replies', async () => {
    const options = await auth(username);
    const paths = [
      '/api/admin/v2/tickets',
      '/api/admin/v2/tickets/counts',
      `/api/admin/v2/tickets/${queueOrder[0]}`,
      '/api/admin/v2/staff',
      '/api/admin/v2/saved-replies',
      '/api/admin/v2/saved-replies?language=en',
      '/api/admin/v2/saved-replies?language=nl',
    ];
    const responses = await Promise.all(paths.map((path) => send(server, 'GET', path, options)));
    expect(responses.map((response) => response.status)).toEqual(paths.map(() => expected));
    if (!staff) {
      expect(responses.map(code)).toEqual(
        paths.map(() => (username === null ? 'UNAUTHENTICATED' : 'FORBIDDEN')),
      );
      return;
    }
    const [queue, counts, location, members, replies, english, dutch] = responses.map(
      (response) => response.json,
    );
    expect((queue as DeskTicket[]).map((ticket) => ticket.ticket_id)).toEqual(queueOrder.slice(0, 25));
    expect(counts as DeskCounts).toEqual({
      open: 32,
      new: 7,
      awaiting_desk: 7,
      overdue: 7,
      mine: 0,
      unassigned: 32,
    });
    const first = demoTickets.find((ticket) => ticket.number === queueOrder[0]);
    expect((location as TicketLocation).customer_id).toBe(first?.customerId);
    expect((members as { user_id: string }[]).map((member) => member.user_id)).toEqual([
      COLLEAGUE.id,
      MODERATOR_ID,
    ]);
    expect((replies as SavedReply[]).length).toBe(demoSavedReplies.length);
    // Per language, exactly the seed's of that language.
    expect([(english as SavedReply[]).length, (dutch as SavedReply[]).length]).toEqual([
      demoSavedReplies.filter((reply) => reply.language === 'en').length,
      demoSavedReplies.filter((reply) => reply.language === 'nl').length,
    ]);
    expect((dutch as SavedReply[]).every((reply) => reply.language === 'nl')).toBe(true);
  });

  it('PUT an assignee and write saved replies', async () => {
    const options = await auth(username);
    const ticket = queueOrder[5];
    // A body that would be refused: the access check comes first, so outsiders learn nothing from it.
    const responses = await Promise.all([
      send(server, 'PUT', `/api/admin/v2/tickets/${ticket}/assignee`, {
        ...options,
        json: { assignee_id: 7 },
      }),
      send(server, 'POST', '/api/admin/v2/saved-replies', { ...options, json: {} }),
      send(server, 'PUT', '/api/admin/v2/saved-replies/1', { ...options, json: {} }),
      send(server, 'DELETE', '/api/admin/v2/saved-replies/999999', options),
    ]);
    const editor = username === 'staff-moderator';
    const statuses = responses.map((response) => response.status);
    if (username === null) expect(statuses).toEqual([401, 401, 401, 401]);
    else if (editor) expect(statuses).toEqual([400, 400, 400, 404]);
    else expect(statuses).toEqual([403, 403, 403, 403]);
  });
});

describe('the queue for staff', () => {
  it('pages through every open ticket once, in urgency order, with signed cursors', async () => {
    const { items, pages } = await allPages('staff-viewer', 'limit=7');
    expect(pages).toBe(5);
    expect(items.map((ticket) => ticket.ticket_id)).toEqual(queueOrder);
    expect(items.every((ticket) => ticket.status !== 'closed')).toBe(true);
    const tampered = await send(
      server,
      'GET',
      '/api/admin/v2/tickets?cursor=abc.def',
      await auth('staff-viewer'),
    );
    expect([tampered.status, code(tampered)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers each view and filter with exact counts, and the counts follow the filters', async () => {
    const count = async (query: string) =>
      (await allPages('staff-moderator', `limit=100&${query}`)).items.length;
    expect(await count('view=new')).toBe(7);
    expect(await count('view=awaiting_desk')).toBe(7);
    expect(await count('view=overdue')).toBe(7);
    expect(await count('view=unassigned')).toBe(32);
    expect(await count('view=mine')).toBe(0);
    expect(await count('customer_id=1001')).toBe(17);
    expect(await count('customer_id=1005')).toBe(0);
    expect(await count('status=new,open')).toBe(
      open.filter((t) => ['new', 'open'].includes(t.status)).length,
    );
    expect(await count('priority=1')).toBe(open.filter((t) => t.priority === 1).length);
    expect(await count('category=incident_request')).toBe(
      open.filter((t) => t.category === 'incident_request').length,
    );
    expect(await count('assignee=none')).toBe(32);
    expect(await count(`assignee=${MODERATOR_ID}`)).toBe(0);
    const counts = await send(
      server,
      'GET',
      '/api/admin/v2/tickets/counts?customer_id=1002',
      await auth('staff-viewer'),
    );
    expect((counts.json as DeskCounts).open).toBe(7);
    expect((counts.json as DeskCounts).awaiting_desk).toBe(
      awaiting.filter((t) => t.customerId === 1002).length,
    );
  });

  it('finds no ticket by an unknown number', async () => {
    const response = await send(server, 'GET', '/api/admin/v2/tickets/999999', await auth('staff-viewer'));
    expect([response.status, code(response)]).toEqual([404, 'TICKET_NOT_FOUND']);
  });
});

describe('assignment', () => {
  const ticket = demoTickets.find(
    (t) => t.customerId === 1001 && t.author === 'owner' && t.status !== 'closed',
  );
  const ticketId = ticket?.number ?? 0;
  const assign = async (username: string, assignee: string | null, id = ticketId) =>
    send(server, 'PUT', `/api/admin/v2/tickets/${id}/assignee`, {
      ...(await auth(username)),
      json: { assignee_id: assignee },
    });

  it('refuses assignees who are not staff editors, and unknown tickets', async () => {
    for (const assignee of [OWNER_ID, VIEWER_STAFF_ID, 'nobody-at-all']) {
      const response = await assign('staff-moderator', assignee);
      expect([response.status, code(response)], assignee).toEqual([400, 'ASSIGNEE_NOT_STAFF']);
    }
    const unknown = await assign('staff-moderator', MODERATOR_ID, 999_999);
    expect([unknown.status, code(unknown)]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect(await server.count('select count(*) from tickets where assignee_id is not null')).toBe(0);
    expect(await server.count('select count(*) from ticket_messages where assignment')).toBe(0);
  });

  it('assigns to a colleague: notified, in the thread for staff only, "handled by" for the customer, audited', async () => {
    const notificationsBefore = await server.count(
      `select count(*) from notifications where user_id = $1 and kind = 'ticket_assigned'`,
      [COLLEAGUE.id],
    );
    const response = await assign('staff-moderator', COLLEAGUE.id);
    expect(response.status).toBe(200);
    const staffView = response.json as Ticket;
    expect(staffView.handled_by?.user_id).toBe(COLLEAGUE.id);
    expect(staffView.messages.at(-1)?.assignment?.assignee?.user_id).toBe(COLLEAGUE.id);
    expect(
      await server.count(
        `select count(*) from notifications where user_id = $1 and kind = 'ticket_assigned'`,
        [COLLEAGUE.id],
      ),
    ).toBe(notificationsBefore + 1);
    expect(await server.count(`select count(*) from audit_events where action = 'ticket.assign'`)).toBe(1);

    const customerView = (
      await send(server, 'GET', `/api/v2/customer/1001/tickets/${ticketId}`, await auth('owner'))
    ).json as Ticket;
    expect(customerView.handled_by).toEqual({ user_id: COLLEAGUE.id, name: 'Col League', staff: true });
    expect(customerView.messages.some((message) => message.assignment !== null)).toBe(false);
    expect(customerView.messages.length).toBe(
      staffView.messages.length - 1 - staffView.messages.filter((m) => m.internal && !m.assignment).length,
    );

    const mine = await send(server, 'GET', '/api/admin/v2/tickets/counts', await auth(COLLEAGUE.username));
    expect(mine.json as DeskCounts).toMatchObject({ mine: 1, unassigned: 31 });
  });

  it('assigning the same person again changes nothing; self-assignment notifies nobody; null unassigns', async () => {
    const messages = () =>
      server.count('select count(*) from ticket_messages where ticket_id = $1', [ticketId]);
    const before = await messages();
    expect((await assign('staff-moderator', COLLEAGUE.id)).status).toBe(200);
    expect(await messages()).toBe(before);
    const notifications = () =>
      server.count(`select count(*) from notifications where kind = 'ticket_assigned'`);
    const sent = await notifications();
    expect((await assign('staff-moderator', MODERATOR_ID)).status).toBe(200);
    expect(await notifications()).toBe(sent);
    const cleared = await assign('staff-moderator', null);
    expect((cleared.json as Ticket).handled_by).toBeNull();
    expect((cleared.json as Ticket).messages.at(-1)?.assignment).toEqual({ assignee: null });
    expect(await messages()).toBe(before + 2);
  });
});

describe('replies move tickets in and out of "awaiting the desk"', () => {
  it("a customer reply makes an answer due; the desk's answer clears it; the list says who wrote last", async () => {
    const ticket = demoTickets.find(
      (t) => t.customerId === 1001 && t.author === 'owner' && t.status !== 'closed' && t.deskDueAt === null,
    );
    if (!ticket) throw new Error('no owner ticket that awaits nothing');
    const path = `/api/v2/customer/1001/tickets/${ticket.number}/messages`;
    const awaitingIds = async () =>
      (await allPages('staff-viewer', 'view=awaiting_desk&limit=100')).items.map((t) => t.ticket_id);
    expect(await awaitingIds()).not.toContain(ticket.number);

    expect(
      (await send(server, 'POST', path, { ...(await auth('owner')), json: { body: 'Any news?' } })).status,
    ).toBe(201);
    const afterCustomer = (await allPages('staff-viewer', 'view=awaiting_desk&limit=100')).items.find(
      (t) => t.ticket_id === ticket.number,
    );
    expect(afterCustomer?.last_reply_by).toBe('customer');
    expect(afterCustomer?.overdue).toBe(false);
    const due = Date.parse(afterCustomer?.desk_due_at ?? '');
    const target = { 1: 60, 2: 240, 3: 1440 }[ticket.priority] * 60_000;
    expect(Math.abs(due - Date.now() - target)).toBeLessThan(120_000);

    // A second customer message keeps the first due time: the clock runs from the first unanswered one.
    await send(server, 'POST', path, { ...(await auth('owner')), json: { body: 'Hello?' } });
    const again = (await allPages('staff-viewer', 'view=awaiting_desk&limit=100')).items.find(
      (t) => t.ticket_id === ticket.number,
    );
    expect(again?.desk_due_at).toBe(afterCustomer?.desk_due_at);

    // An internal note is no answer.
    await send(server, 'POST', path, {
      ...(await auth('staff-moderator')),
      json: { body: 'Checking', internal: true },
    });
    expect(await awaitingIds()).toContain(ticket.number);

    await send(server, 'POST', path, { ...(await auth('staff-moderator')), json: { body: 'Done.' } });
    expect(await awaitingIds()).not.toContain(ticket.number);
    const list = (
      await send(server, 'GET', `/api/v2/customer/1001/tickets?search=${ticket.number}`, await auth('owner'))
    ).json as { ticket_id: number; last_reply_by: string }[];
    expect(list.find((t) => t.ticket_id === ticket.number)?.last_reply_by).toBe('staff');
  });
});

describe('a new ticket', () => {
  it('is new, awaits the desk with the target of its priority, and is counted at once', async () => {
    const counts = async () =>
      (await send(server, 'GET', '/api/admin/v2/tickets/counts', await auth('staff-viewer')))
        .json as DeskCounts;
    const before = await counts();
    const created = await send(server, 'POST', '/api/v2/customer/1001/tickets', {
      ...(await auth('viewer')),
      json: {
        category: 'technical_request',
        subject: 'Printer offline',
        description: 'Since 9:00.',
        priority: 1,
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as Ticket).ticket_id;
    expect(await counts()).toMatchObject({
      open: before.open + 1,
      new: before.new + 1,
      awaiting_desk: before.awaiting_desk + 1,
      overdue: before.overdue,
    });
    const fresh = (await allPages('staff-viewer', 'view=new&limit=100')).items.find(
      (t) => t.ticket_id === id,
    );
    expect(fresh?.customer_name).toBeTruthy();
    expect(Math.abs(Date.parse(fresh?.desk_due_at ?? '') - Date.now() - 60 * 60_000)).toBeLessThan(120_000);
  });
});

describe('saved replies', () => {
  it('staff moderators create, change and remove them; everyone on staff reads them per language', async () => {
    const moderator = await auth('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/saved-replies', {
      ...moderator,
      json: { language: 'nl', title: 'Gepland onderhoud', body: 'Dit valt binnen het geplande onderhoud.' },
    });
    expect(created.status).toBe(201);
    const id = (created.json as SavedReply).saved_reply_id;
    const dutch = await send(
      server,
      'GET',
      '/api/admin/v2/saved-replies?language=nl',
      await auth('staff-viewer'),
    );
    expect((dutch.json as SavedReply[]).map((reply) => reply.title)).toEqual([
      'Gepland onderhoud',
      'Opgelost, graag bevestigen',
      'We zoeken het uit',
    ]);
    const changed = await send(server, 'PUT', `/api/admin/v2/saved-replies/${id}`, {
      ...moderator,
      json: { language: 'nl', title: 'Onderhoud', body: 'Anders.' },
    });
    expect([changed.status, (changed.json as SavedReply).title]).toEqual([200, 'Onderhoud']);
    expect((await send(server, 'DELETE', `/api/admin/v2/saved-replies/${id}`, moderator)).status).toBe(204);
    const gone = await send(server, 'PUT', `/api/admin/v2/saved-replies/${id}`, {
      ...moderator,
      json: { language: 'nl', title: 'Onderhoud', body: 'Anders.' },
    });
    expect([gone.status, code(gone)]).toEqual([404, 'SAVED_REPLY_NOT_FOUND']);
    expect(await server.count('select count(*) from saved_replies')).toBe(demoSavedReplies.length);
  });
});
