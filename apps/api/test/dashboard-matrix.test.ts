import type { Dashboard } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoTicket, demoTickets } from '../src/db/seed/demo-tickets.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The dashboard (issue 15) as a matrix: every demo user, the loner and anonymous against their own
 * customer, another one and an unknown one, with exact status codes and, for the tickets panel, exact
 * figures and the latest desk replies computed from the demo seed with the list's visibility.
 */
interface Subject {
  username: string | null;
  own: number;
  member: boolean;
  staff: boolean;
  readAll: boolean;
}
const subjects: Subject[] = [
  { username: 'owner', own: 1001, member: true, staff: false, readAll: true },
  { username: 'financial-moderator', own: 1001, member: true, staff: false, readAll: false },
  { username: 'financial-viewer', own: 1001, member: true, staff: false, readAll: false },
  { username: 'technical-viewer', own: 1001, member: true, staff: false, readAll: false },
  { username: 'viewer', own: 1001, member: true, staff: false, readAll: true },
  { username: 'multi', own: 1002, member: true, staff: false, readAll: true },
  { username: 'staff-viewer', own: 1001, member: false, staff: true, readAll: true },
  { username: 'staff-moderator', own: 1003, member: false, staff: true, readAll: true },
  { username: LONER.username, own: 1001, member: false, staff: false, readAll: false },
  { username: null, own: 1001, member: false, staff: false, readAll: false },
];
const OTHER = 1004;
const UNKNOWN = 999_999;

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
beforeAll(async () => {
  server = await startTicketsServer('dashboard');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

function expected(subject: Subject) {
  const visible = demoTickets.filter(
    (ticket: DemoTicket) =>
      ticket.customerId === subject.own &&
      ticket.status !== 'closed' &&
      (subject.readAll ||
        ticket.author === subject.username ||
        ticket.watchers.some((watcher) => watcher === subject.username)),
  );
  const latest = visible
    .filter((ticket) => ticket.lastReplyStaff)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.number - a.number)
    .slice(0, 5)
    .map((ticket) => ticket.number);
  return {
    awaiting: visible.filter((ticket) => ticket.status === 'awaiting_reply').length,
    open: visible.length,
    latest,
  };
}

describe.each(subjects)('GET dashboard: $username', (subject) => {
  it('own, other and unknown customer', async () => {
    const options = subject.username
      ? {
          token: await token(
            subject.username,
            subject.username === LONER.username ? LONER.password : undefined,
          ),
        }
      : {};
    const get = (id: number) => send(server, 'GET', `/api/v2/customer/${id}/dashboard`, options);
    const [own, other, unknown] = await Promise.all([get(subject.own), get(OTHER), get(UNKNOWN)]);
    if (subject.username === null) {
      expect([own.status, other.status, unknown.status]).toEqual([401, 401, 401]);
      return;
    }
    expect(unknown.status).toBe(404);
    expect([other.status, (other.json as Problem).code ?? null]).toEqual(
      subject.staff ? [200, null] : [403, 'FORBIDDEN'],
    );
    if (!subject.member && !subject.staff) {
      expect(own.status).toBe(403);
      return;
    }
    expect(own.status).toBe(200);
    const panels = (own.json as Dashboard).panels;
    expect(panels.map((panel) => panel.panel)).toContain('tickets');
    const tickets = panels.find((panel) => panel.panel === 'tickets');
    const want = expected(subject);
    expect(tickets?.figures.map((figure) => [figure.key, figure.value, figure.href])).toEqual([
      ['awaiting_reply', want.awaiting, '/support?status=awaiting_reply'],
      ['open', want.open, '/support?status=new,open,in_progress,awaiting_reply'],
    ]);
    expect(tickets?.items.map((item) => Number(item.key))).toEqual(want.latest);
    expect(tickets?.items.every((item) => item.href === `/support/ticket/${item.key}`)).toBe(true);
  });
});

it('the seed gives the figures something to show', () => {
  expect(expected(subjects[0] as Subject)).toMatchObject({ awaiting: 5, open: 17 });
  expect(expected(subjects[0] as Subject).latest).toHaveLength(5);
});
