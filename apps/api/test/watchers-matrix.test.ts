import type { Person, Ticket, TicketSummary } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-data.ts';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Watchers of a ticket (issue 15 item 3) as a matrix: every demo user, the loner and anonymous on a
 * ticket of 1001 that its owner wrote and nobody watches, with exact status codes and, for the
 * candidates, the exact users. Whoever may see and answer the ticket manages its watchers: the author,
 * ticket-read-all holders (owner, viewer) and staff moderators; those who cannot see it get 404, those
 * without ticket-edit in 1001 (staff viewers, other customers' users, the loner) 403. The writes come
 * after the reads, in this file's own database.
 */
const idOf = (username: string) => {
  const user = demoUsers.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user.id;
};
const nameOf = (username: string) => {
  const user = demoUsers.find((candidate) => candidate.username === username);
  return `${user?.givenName} ${user?.familyName}`;
};

const target = demoTickets.find(
  (ticket) =>
    ticket.customerId === 1001 &&
    ticket.author === 'owner' &&
    ticket.watchers.length === 0 &&
    ticket.status !== 'closed',
);
if (!target) throw new Error('the seed has no unwatched open ticket of the owner in 1001');
const TICKET = target.number;
const foreign = demoTickets.find((ticket) => ticket.customerId === 1002);
if (!foreign) throw new Error('the seed has no ticket of 1002');

const base = `/api/v2/customer/1001/tickets/${TICKET}`;
/** Members of 1001 other than the ticket's author, by given name: Daan, Emma, Lotte, Pieter. */
const CANDIDATES = ['technical-viewer', 'financial-viewer', 'viewer', 'financial-moderator'];

const expected: Record<string, number> = {
  owner: 200,
  'financial-moderator': 404,
  'financial-viewer': 404,
  'technical-viewer': 404,
  viewer: 200,
  multi: 403,
  'staff-viewer': 403,
  'staff-moderator': 200,
  [LONER.username]: 403,
};

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('watchers');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (username: string | null) => (username === null ? {} : { token: await token(username) });
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const watcherRows = () => server.count('select count(*) from ticket_watchers where ticket_id = $1', [TICKET]);

describe('the seed behind the matrix', () => {
  it('has the ticket with five members in 1001', () => {
    expect(target.watchers).toEqual([]);
    expect(demoUsers.filter((user) => user.memberships.some((m) => m.customerId === 1001)).length).toBe(5);
  });
});

describe.each([...Object.keys(expected), null])('%s', (username) => {
  const status = username === null ? 401 : (expected[username] as number);

  it('lists the candidates', async () => {
    const response = await send(server, 'GET', `${base}/watcher-candidates`, await auth(username));
    expect(response.status).toBe(status);
    if (status === 200) {
      expect((response.json as Person[]).map((person) => person.user_id)).toEqual(CANDIDATES.map(idOf));
      expect((response.json as Person[]).map((person) => person.name)).toEqual(CANDIDATES.map(nameOf));
    } else {
      expect(code(response)).toBe(
        { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'TICKET_NOT_FOUND' }[status as 401 | 403 | 404],
      );
    }
  });

  it('adds and removes watchers only as allowed; refusals change nothing', async () => {
    const options = await auth(username);
    // Requests that would be refused even when allowed: the author as watcher, removing a non-watcher.
    const [put, del] = await Promise.all([
      send(server, 'PUT', `${base}/watchers/${idOf('owner')}`, options),
      send(server, 'DELETE', `${base}/watchers/${idOf('viewer')}`, options),
    ]);
    if (status === 200) {
      expect([put.status, code(put), del.status, code(del)]).toEqual([
        400,
        'WATCHER_IS_AUTHOR',
        404,
        'WATCHER_NOT_FOUND',
      ]);
    } else {
      expect([put.status, del.status]).toEqual([status, status]);
    }
    expect(await watcherRows()).toBe(0);
  });
});

describe('watching', () => {
  const watcher = 'financial-viewer';
  const listed = async (username: string) =>
    (
      (await send(server, 'GET', '/api/v2/customer/1001/tickets?limit=100', await auth(username)))
        .json as TicketSummary[]
    ).map((ticket) => ticket.ticket_id);

  it('refuses users of another customer, staff, unknown users and tickets of another customer', async () => {
    const owner = await auth('owner');
    for (const user of ['multi', 'staff-moderator', 'nobody']) {
      const id = user === 'nobody' ? 'no-such-user' : idOf(user);
      const response = await send(server, 'PUT', `${base}/watchers/${id}`, owner);
      expect([response.status, code(response)], user).toEqual([400, 'WATCHER_NOT_MEMBER']);
    }
    const elsewhere = await send(
      server,
      'PUT',
      `/api/v2/customer/1001/tickets/${foreign?.number}/watchers/${idOf(watcher)}`,
      owner,
    );
    expect([elsewhere.status, code(elsewhere)]).toEqual([404, 'TICKET_NOT_FOUND']);
    const theirs = await send(
      server,
      'PUT',
      `/api/v2/customer/1002/tickets/${foreign?.number}/watchers/${idOf(watcher)}`,
      owner,
    );
    expect(theirs.status).toBe(403);
    expect(await server.count('select count(*) from ticket_watchers')).toBe(
      demoTickets.reduce((sum, ticket) => sum + ticket.watchers.length, 0),
    );
  });

  it('the owner adds a user: they see the ticket, are notified of replies, and it is audited once', async () => {
    expect(await listed(watcher)).not.toContain(TICKET);
    const before = await listed(watcher);
    const added = await send(server, 'PUT', `${base}/watchers/${idOf(watcher)}`, await auth('owner'));
    expect(added.status).toBe(200);
    expect((added.json as Ticket).watchers.map((person) => person.user_id)).toEqual([idOf(watcher)]);
    // Again: nothing changes, no second audit event.
    const again = await send(server, 'PUT', `${base}/watchers/${idOf(watcher)}`, await auth('viewer'));
    expect(again.status).toBe(200);
    expect(await watcherRows()).toBe(1);
    expect(await server.count(`select count(*) from audit_events where action = 'ticket.watcher.add'`)).toBe(
      1,
    );

    expect((await listed(watcher)).length).toBe(before.length + 1);
    expect(await listed(watcher)).toContain(TICKET);
    expect((await send(server, 'GET', base, await auth(watcher))).status).toBe(200);
    const candidates = await send(server, 'GET', `${base}/watcher-candidates`, await auth(watcher));
    expect((candidates.json as Person[]).map((person) => person.user_id)).toEqual(
      CANDIDATES.filter((user) => user !== watcher).map(idOf),
    );

    const notifications = (username: string) =>
      server.count(`select count(*) from notifications where user_id = $1 and ticket_id = $2`, [
        idOf(username),
        TICKET,
      ]);
    const [watcherBefore, authorBefore] = [await notifications(watcher), await notifications('owner')];
    const reply = await send(server, 'POST', `${base}/messages`, {
      ...(await auth('staff-moderator')),
      json: { body: 'We kijken ernaar.' },
    });
    expect(reply.status).toBe(201);
    expect([await notifications(watcher), await notifications('owner')]).toEqual([
      watcherBefore + 1,
      authorBefore + 1,
    ]);
    // An internal note reaches neither (both are customers).
    await send(server, 'POST', `${base}/messages`, {
      ...(await auth('staff-moderator')),
      json: { body: 'Intern.', internal: true },
    });
    expect([await notifications(watcher), await notifications('owner')]).toEqual([
      watcherBefore + 1,
      authorBefore + 1,
    ]);
  });

  it('a watcher removes themselves: the ticket is gone from their list, and audited', async () => {
    const removed = await send(server, 'DELETE', `${base}/watchers/${idOf(watcher)}`, await auth(watcher));
    expect(removed.status).toBe(204);
    expect(await watcherRows()).toBe(0);
    expect(await listed(watcher)).not.toContain(TICKET);
    const gone = await send(server, 'DELETE', `${base}/watchers/${idOf(watcher)}`, await auth(watcher));
    expect([gone.status, code(gone)]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect(
      await server.count(`select count(*) from audit_events where action = 'ticket.watcher.remove'`),
    ).toBe(1);
  });

  it('staff moderators manage watchers of any customer’s ticket', async () => {
    const response = await send(
      server,
      'PUT',
      `${base}/watchers/${idOf('technical-viewer')}`,
      await auth('staff-moderator'),
    );
    expect(response.status).toBe(200);
    const removed = await send(
      server,
      'DELETE',
      `${base}/watchers/${idOf('technical-viewer')}`,
      await auth('staff-moderator'),
    );
    expect(removed.status).toBe(204);
    expect(await watcherRows()).toBe(0);
  });
});
