import type { Dashboard } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoTicket, demoTickets } from '../src/db/seed/demo-tickets.ts';
import { buildDemoLandscape } from '../src/db/seed/landscape.seed.ts';
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
  /** trend-read in the own customer: the servers panel. */
  trends: boolean;
}
const subjects: Subject[] = [
  { username: 'owner', own: 1001, member: true, staff: false, readAll: true, trends: true },
  { username: 'financial-moderator', own: 1001, member: true, staff: false, readAll: false, trends: false },
  { username: 'financial-viewer', own: 1001, member: true, staff: false, readAll: false, trends: false },
  { username: 'technical-viewer', own: 1001, member: true, staff: false, readAll: false, trends: true },
  { username: 'viewer', own: 1001, member: true, staff: false, readAll: true, trends: false },
  { username: 'multi', own: 1002, member: true, staff: false, readAll: true, trends: true },
  { username: 'staff-viewer', own: 1001, member: false, staff: true, readAll: true, trends: true },
  { username: 'staff-moderator', own: 1003, member: false, staff: true, readAll: true, trends: true },
  { username: LONER.username, own: 1001, member: false, staff: false, readAll: false, trends: false },
  { username: null, own: 1001, member: false, staff: false, readAll: false, trends: false },
];

/**
 * The servers panel's figures per customer: offline servers from the demo landscape (each customer's
 * old01 device, and 1001's gk-test01), busy ones from the CPU samples this file writes (gk-web01 of
 * 1001 at 93 % for the last 15 minutes, gk-db01 at 95 % for one minute only: a spike, not sustained).
 */
const serversPanelWant: Record<number, { busy: number; offline: number; items: string[] }> = {
  1001: { busy: 1, offline: 2, items: ['gk-web01', 'gk-old01', 'gk-test01'] },
  1002: { busy: 0, offline: 1, items: ['nw-old01'] },
  1003: { busy: 0, offline: 1, items: ['vd-old01'] },
};
const OTHER = 1004;
const UNKNOWN = 999_999;

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
beforeAll(async () => {
  server = await startTicketsServer('dashboard');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  // gk-web01 (virtual-machines/1) busy for 15 minutes; gk-db01 (virtual-machines/3) one busy minute
  // after 14 quiet ones; gk-web02 quiet.
  await server.sql.query(
    `insert into metric_samples (server_id, metric, at, value)
     select s.id, m.metric, now() - make_interval(mins => g), case
       when m.metric <> 'cpu' then 40
       when s.id = 'virtual-machines/1' then 93
       when s.id = 'virtual-machines/3' and g = 0 then 95
       else 20 end
     from (values ('virtual-machines/1'), ('virtual-machines/2'), ('virtual-machines/3')) s(id),
       (values ('cpu'), ('memory'), ('load')) m(metric), generate_series(0, 14) g`,
  );
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
    // The servers panel: only with trend-read, figures linking to the filtered overview.
    const servers = panels.find((panel) => panel.panel === 'servers');
    if (!subject.trends) return expect(servers).toBeUndefined();
    const figures = serversPanelWant[subject.own] as (typeof serversPanelWant)[number];
    expect(servers?.figures.map((figure) => [figure.key, figure.value, figure.tone, figure.href])).toEqual([
      ['busy', figures.busy, figures.busy ? 'critical' : 'neutral', '/servers?show=busy'],
      ['offline', figures.offline, 'attention', '/servers?show=offline'],
    ]);
    expect(servers?.items.map((item) => item.title)).toEqual(figures.items);
    if (subject.own === 1001) {
      expect(servers?.items[0]).toMatchObject({
        key: 'virtual-machines/1',
        detail: 'CPU 93 %',
        href: '/servers/trends?server=virtual-machines/1&graph=cpu',
      });
      expect(servers?.items[1]?.href).toMatch(/^\/servers\/system-landscape\/devices\/\d+$/);
    }
  });
});

it('the servers panel’s offline figures match the demo landscape', () => {
  const rows = buildDemoLandscape();
  for (const [customer, want] of Object.entries(serversPanelWant)) {
    const id = Number(customer);
    const offline = [
      ...rows.devices.filter((device) => device.customerId === id && device.role === 'server'),
      ...rows.virtualMachines.filter((machine) => machine.customerId === id),
    ].filter((server) => server.status === 'offline');
    expect(offline.map((server) => server.name).sort()).toEqual(
      want.items.filter((name) => !name.includes('web')),
    );
    expect(offline).toHaveLength(want.offline);
  }
});

it('the seed gives the figures something to show', () => {
  expect(expected(subjects[0] as Subject)).toMatchObject({ awaiting: 5, open: 17 });
  expect(expected(subjects[0] as Subject).latest).toHaveLength(5);
});
