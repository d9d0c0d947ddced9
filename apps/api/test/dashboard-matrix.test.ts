import { type Dashboard, type Servers, serverAttention } from '@portaal/contracts';
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
 * The servers panel per customer: offline servers from the demo landscape (each customer's old01
 * device, and 1001's gk-test01). Busy ones: the demo servers' computed series (busy only on an incident
 * day's 10:00–13:00 UTC, so the test reads them from the overview of the same moment) and the CPU samples
 * this file stores for two servers without demo series: gk-ftp01 of 1001 (decommissioning) at 93 % for
 * the last 15 minutes, busy; nw-legacy01 of 1002 at 95 % for one minute after 13 quiet ones, a spike.
 */
const offlineServers: Record<number, string[]> = {
  1001: ['gk-old01', 'gk-test01'],
  1002: ['nw-old01'],
  1003: ['vd-old01'],
};
const GK_FTP01 = 'virtual-machines/8';
const NW_LEGACY01 = 'virtual-machines/22';

const OTHER = 1004;
const UNKNOWN = 999_999;

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
beforeAll(async () => {
  server = await startTicketsServer('dashboard');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  await server.sql.query(
    `insert into metric_samples (server_id, metric, at, value)
     select s.id, m.metric, now() - make_interval(mins => g), case
       when m.metric <> 'cpu' then 40
       when s.id = $1::text then 93
       when g = 0 then 95
       else 20 end
     from (values ($1::text), ($2::text)) s(id), (values ('cpu'), ('memory'), ('load')) m(metric),
       generate_series(0, 13) g`,
    [GK_FTP01, NW_LEGACY01],
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
    const overview = (
      await send(server, 'GET', `/api/v2/customer/${subject.own}/servers`, {
        token: await token('staff-viewer'),
      })
    ).json as Servers;
    const busy = overview.servers.filter((entry) => serverAttention(entry) === 'busy');
    if (subject.own === 1001) expect(busy.map((entry) => entry.server_id)).toContain(GK_FTP01);
    if (subject.own === 1002) expect(busy.map((entry) => entry.server_id)).not.toContain(NW_LEGACY01);
    const offline = offlineServers[subject.own] as string[];
    expect(servers?.figures.map((figure) => [figure.key, figure.value, figure.tone, figure.href])).toEqual([
      ['busy', busy.length, busy.length ? 'critical' : 'neutral', '/servers?show=busy'],
      ['offline', offline.length, 'attention', '/servers?show=offline'],
    ]);
    expect(servers?.items.map((item) => item.title)).toEqual(
      [...busy.map((entry) => entry.name), ...offline].slice(0, 5),
    );
    const ftp = servers?.items.find((item) => item.key === GK_FTP01);
    if (subject.own === 1001) {
      expect(ftp).toMatchObject({
        title: 'gk-ftp01',
        detail: 'CPU 93 %',
        href: `/servers/trends?server=${GK_FTP01}&graph=cpu`,
      });
    }
    const old = servers?.items.find((item) => item.title.endsWith('-old01'));
    if (old) expect(old.href).toMatch(/^\/servers\/system-landscape\/devices\/\d+$/);
  });
});

it('the servers panel’s offline servers match the demo landscape', () => {
  const rows = buildDemoLandscape();
  for (const [customer, want] of Object.entries(offlineServers)) {
    const id = Number(customer);
    const offline = [
      ...rows.devices.filter((device) => device.customerId === id && device.role === 'server'),
      ...rows.virtualMachines.filter((machine) => machine.customerId === id),
    ].filter((entry) => entry.status === 'offline');
    expect(offline.map((entry) => entry.name).sort()).toEqual(want);
  }
  const machine = (key: string) =>
    rows.virtualMachines.find((entry) => `virtual-machines/${entry.id}` === key);
  expect(machine(GK_FTP01)).toMatchObject({ name: 'gk-ftp01', customerId: 1001, status: 'decommissioning' });
  expect(machine(NW_LEGACY01)).toMatchObject({
    name: 'nw-legacy01',
    customerId: 1002,
    status: 'decommissioning',
  });
});

it('the seed gives the figures something to show', () => {
  expect(expected(subjects[0] as Subject)).toMatchObject({ awaiting: 5, open: 17 });
  expect(expected(subjects[0] as Subject).latest).toHaveLength(5);
});
