import type { SearchResult } from '@portaal/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { matrixSubjects } from './matrix-subjects.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Global search (DESIGN.md §8): only what the caller may read, grouped by kind with the route that
 * opens each hit; SPEC's 3-character minimum. Reads only: the run's shared database.
 */
let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const search = async (username: string | null, query: string) =>
  send(server, 'GET', `/api/v2/search?${new URLSearchParams(query).toString()}`, {
    ...(username ? { token: await token(username) } : {}),
  });
const kinds = (json: unknown) => (json as SearchResult).groups.map((group) => group.kind);
const hits = (json: unknown, kind: string) =>
  (json as SearchResult).groups.find((group) => group.kind === kind)?.hits ?? [];

describe('global search', () => {
  it('needs a login and at least 3 characters', async () => {
    expect((await search(null, 'q=visser&customer_id=1001')).status).toBe(401);
    const short = await search('owner', 'q=vi&customer_id=1001');
    expect(short.status).toBe(400);
    expect((short.json as Problem).errors?.[0]).toEqual({
      field: 'q',
      message: 'must be at least 3 characters',
    });
  });

  it('finds a contact with the route that opens it, in the selected customer only', async () => {
    const found = await search('owner', 'q=visser&customer_id=1001');
    expect(found.status).toBe(200);
    const contacts = hits(found.json, 'contacts');
    expect(contacts.map((hit) => hit.title)).toEqual(['Daan Visser']);
    expect(contacts[0]?.route).toMatch(/^\/company\/1001\/contacts\/\d+$/);
    // Northwind's contacts are not the owner's to read: no group at all.
    const foreign = await search('owner', 'q=charlotte&customer_id=1002');
    expect(foreign.status).toBe(200);
    expect(kinds(foreign.json)).toEqual([]);
    const staff = await search('staff-viewer', 'q=charlotte&customer_id=1002');
    expect(hits(staff.json, 'contacts').map((hit) => hit.title)).toEqual(['Charlotte Evans']);
  });

  it('finds tickets: every ticket with ticket-read-all, only one’s own without', async () => {
    const owner = await search('owner', 'q=the&customer_id=1001');
    const all = hits(owner.json, 'tickets');
    expect(all.length).toBeGreaterThan(0);
    expect(all[0]?.route).toMatch(/^\/support\/ticket\/\d+$/);
    // The second line in parts too, so the screen writes the status by its label.
    for (const hit of all) {
      const status = /^#\d+ · (\w+)$/.exec(hit.subtitle)?.[1];
      expect(hit.subtitle_parts).toEqual([{ text: `#${hit.id}` }, { ticket_status: status }]);
    }
    const technical = await search('technical-viewer', 'q=the&customer_id=1001');
    const own = hits(technical.json, 'tickets');
    expect(own.length).toBeLessThanOrEqual(all.length);
    const ids = own.map((hit) => Number(hit.id));
    if (ids.length > 0) {
      const byNumber = await search('technical-viewer', `q=${ids[0]}&customer_id=1001`);
      expect(hits(byNumber.json, 'tickets').map((hit) => Number(hit.id))).toEqual([ids[0]]);
    }
  });

  it('companies: staff find every customer, others only their own', async () => {
    const staff = await search('staff-viewer', 'q=northwind');
    expect(hits(staff.json, 'customers')).toEqual([
      { id: '1002', title: 'Northwind Logistics Ltd', subtitle: '1002', route: '/company/1002' },
    ]);
    const owner = await search('owner', 'q=northwind');
    expect(kinds(owner.json)).toEqual([]);
    // A caller in one company: that company by its one id (customers.search.ts, the 'one' shape).
    const ownCompany = await search('owner', 'q=gouden');
    expect(hits(ownCompany.json, 'customers')).toEqual([
      { id: '1001', title: 'Bakkerij De Gouden Korst B.V.', subtitle: '1001', route: '/company/1001' },
    ]);
    const multi = await search('multi', 'q=northwind');
    expect(hits(multi.json, 'customers').map((hit) => hit.id)).toEqual(['1002']);
    const loner = await search(LONER.username, 'q=northwind&customer_id=1001');
    expect([loner.status, kinds(loner.json)]).toEqual([200, []]);
  });

  it('invoices and contracts: only with invoice-read and subscription-read', async () => {
    const owner = await search('owner', 'q=2026&customer_id=1001');
    const invoices = hits(owner.json, 'invoices');
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices[0]?.route).toMatch(/^\/administration\/invoices\/.+/);
    const technical = await search('technical-viewer', 'q=2026&customer_id=1001');
    expect(kinds(technical.json)).not.toContain('invoices');
    expect(kinds(technical.json)).not.toContain('contracts');
    const financial = await search('financial-viewer', 'q=2026&customer_id=1001');
    expect(kinds(financial.json)).toContain('invoices');
  });

  it('invoices by a part of their number, three digits or more', async () => {
    const byTail = hits((await search('owner', 'q=inv-2026-00067&customer_id=1001')).json, 'invoices');
    expect(byTail.map((hit) => hit.title)).toEqual(['INV-2026-00067']);
    // The invoice's day in parts too, so the screen writes it in the reader's format.
    const [day, ...description] = byTail[0]?.subtitle.split(' · ') ?? [];
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byTail[0]?.subtitle_parts).toEqual([
      { date: day },
      ...(description.length ? [{ text: description.join(' · ') }] : []),
    ]);
    // Newest first: the 67th invoice of each year.
    const byDigits = hits((await search('owner', 'q=00067&customer_id=1001')).json, 'invoices');
    expect(byDigits.map((hit) => hit.title)).toEqual(['INV-2026-00067', 'INV-2025-00067', 'INV-2024-00067']);
    // No digits to go by: a name or the letters every number has find no invoice.
    expect(kinds((await search('owner', 'q=inv&customer_id=1001')).json)).not.toContain('invoices');
  });

  it('wildcards are literal, and odd text is no error', async () => {
    for (const q of ['%%%', '___', "'; drop table contacts; --", '\\\\\\']) {
      const answer = await search('owner', `q=${encodeURIComponent(q)}&customer_id=1001`);
      expect(answer.status, q).toBe(200);
      expect(kinds(answer.json), q).toEqual([]);
    }
  });
});

/**
 * Servers and landscape objects (issue 11): infra-read in the selected customer. 1001's "gk-web"
 * matches the VMs gk-web01 and gk-web02 (servers) and their addresses by DNS name (landscape objects:
 * an IPv4 and an IPv6 address each); 1002's "nw-web" the VM nw-web01 and its two addresses.
 */
const LANDSCAPE_1001 = ['10.20.0.50/24', '10.20.0.51/24', '2001:db8:20:100::32/64', '2001:db8:20:100::33/64'];
const LANDSCAPE_1002 = ['10.30.0.50/24', '2001:db8:30:100::32/64'];
const serverHits: Record<number, { q: string; servers: string[]; routes: string[]; objects: string[] }> = {
  1001: {
    q: 'gk-web',
    servers: ['gk-web01', 'gk-web02'],
    routes: ['/servers/system-landscape/virtual-machines/1', '/servers/system-landscape/virtual-machines/2'],
    objects: LANDSCAPE_1001,
  },
  1002: {
    q: 'nw-web',
    servers: ['nw-web01'],
    routes: ['/servers/system-landscape/virtual-machines/13'],
    objects: LANDSCAPE_1002,
  },
};

describe.each(
  matrixSubjects({
    owner: true,
    'financial-moderator': false,
    'financial-viewer': false,
    'technical-viewer': true,
    viewer: false,
    multi: true,
  }),
)('servers and landscape objects: $username', (subject) => {
  it('only with infra-read, grouped, each with its object page', async () => {
    const want = serverHits[subject.target] as (typeof serverHits)[number];
    const answer = await search(subject.username, `q=${want.q}&customer_id=${subject.target}`);
    if (subject.username === null) return expect(answer.status).toBe(401);
    expect(answer.status).toBe(200);
    if (!subject.read) {
      expect(kinds(answer.json)).not.toContain('servers');
      return expect(kinds(answer.json)).not.toContain('landscape');
    }
    const servers = hits(answer.json, 'servers');
    expect(servers.map((hit) => hit.title)).toEqual(want.servers);
    expect(servers.map((hit) => hit.route)).toEqual(want.routes);
    const objects = hits(answer.json, 'landscape');
    expect(objects.map((hit) => hit.title).sort()).toEqual([...want.objects].sort());
    for (const hit of objects) expect(hit.route).toBe(`/servers/system-landscape/${hit.id}`);
    // Another customer's servers: found only by staff, who read every landscape.
    const other = subject.target === 1001 ? 1002 : 1001;
    const foreign = await search(subject.username, `q=web&customer_id=${other}`);
    expect(foreign.status).toBe(200);
    const foreignServers = hits(foreign.json, 'servers').map((hit) => hit.title);
    if (subject.staff) expect(foreignServers).toEqual(serverHits[other]?.servers);
    else expect(foreignServers).toEqual([]);
  });
});

it('servers: found by DNS name and IP prefix text too, wildcards literal', async () => {
  const byDns = await search('owner', 'q=db01.goudenkorst&customer_id=1001');
  expect(hits(byDns.json, 'servers').map((hit) => hit.title)).toEqual(['gk-db01']);
  const wild = await search('owner', 'q=gk_web&customer_id=1001');
  expect(kinds(wild.json)).toEqual([]);
});

it("each landscape hit's second line names what it belongs to: site, rack, cluster, device or VM", async () => {
  const lines = async (q: string) => {
    const answer = await search('owner', `q=${q}&customer_id=1001`);
    expect(answer.status).toBe(200);
    const pairs = (kind: string) => hits(answer.json, kind).map((hit) => [hit.title, hit.subtitle]);
    return { servers: pairs('servers'), objects: pairs('landscape') };
  };
  // Devices (role, site, rack), a rack (site, location), addresses (DNS name, device), a VMware cluster (site).
  expect((await lines('ams')).objects).toEqual([
    ['gk-fw-ams01', 'firewall · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
    ['gk-pdu-ams-a', 'pdu · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
    ['gk-pdu-ams-b', 'pdu · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
    ['gk-sw-ams01', 'switch · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
    ['gk-sw-ams02', 'switch · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
    ['AMS1-1.02-GK01', 'AMS1 Amsterdam Science Park · AMS1 Hal 1.02'],
    ['10.20.10.10/24', 'gk-sw-ams01.mgmt.goudenkorst.internal · gk-sw-ams01'],
    ['10.20.10.11/24', 'gk-sw-ams02.mgmt.goudenkorst.internal · gk-sw-ams02'],
    ['10.20.10.12/24', 'gk-fw-ams01.mgmt.goudenkorst.internal · gk-fw-ams01'],
    ['gk-vmw-ams01', 'AMS1 Amsterdam Science Park'],
  ]);
  // VMs (DNS name, cluster) and their addresses (DNS name, VM); a prefix (its description).
  const web = await lines('gk-web');
  expect(web.servers).toEqual([
    ['gk-web01', 'gk-web01.goudenkorst.internal · gk-vmw-ams01'],
    ['gk-web02', 'gk-web02.goudenkorst.internal · gk-vmw-ams01'],
  ]);
  expect(web.objects).toContainEqual(['2001:db8:20:100::32/64', 'gk-web01.goudenkorst.internal · gk-web01']);
  expect((await lines('10.20.0.0')).objects).toEqual([['10.20.0.0/24', 'servers-ams']]);
  // A physical server: role, site and rack.
  expect((await lines('gk-esx01')).servers).toEqual([
    ['gk-esx01', 'server · AMS1 Amsterdam Science Park · AMS1-1.02-GK01'],
  ]);
});
