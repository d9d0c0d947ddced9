import type { Servers, Trends } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoLandscape } from '../src/db/seed/landscape.seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of the servers and trends routes (DESIGN.md §7): every demo user, the
 * loner (no membership), staff and anonymous against their own customer, another customer and an
 * unknown one, with exact status codes and exact list counts (checked against the landscape seed in
 * the first test). Both routes only read, so this file uses the run's shared database.
 */
const OTHER = 1002;
const UNKNOWN = 999_999;

/** Servers (devices with role server, and VMs) per customer, and those with recent metrics (the active ones). */
const servers: Record<number, { total: number; measured: number; observe: boolean }> = {
  1001: { total: 19, measured: 16, observe: true },
  1002: { total: 18, measured: 16, observe: true },
  1003: { total: 11, measured: 10, observe: false },
};
/** gk-web01 of 1001, and a VM of 1002. */
const OWN_SERVER = 'virtual-machines/1';
const FOREIGN_SERVER = 'virtual-machines/13';

interface Subject {
  username: string | null;
  target: number;
  /** trend-read in the target customer. */
  trend: boolean;
  staff: boolean;
}

const subjects: Subject[] = [
  { username: 'owner', target: 1001, trend: true, staff: false },
  { username: 'financial-moderator', target: 1001, trend: false, staff: false },
  { username: 'financial-viewer', target: 1001, trend: false, staff: false },
  { username: 'technical-viewer', target: 1001, trend: true, staff: false },
  { username: 'viewer', target: 1001, trend: false, staff: false },
  { username: 'multi', target: 1002, trend: true, staff: false },
  { username: 'staff-viewer', target: 1001, trend: true, staff: true },
  { username: 'staff-moderator', target: 1001, trend: true, staff: true },
  { username: LONER.username, target: 1001, trend: false, staff: false },
  { username: null, target: 1001, trend: false, staff: false },
];

let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const base = (customer: number) => `/api/v2/customer/${customer}`;
const day = 86_400_000;
const trendsUrl = (customer: number, serverIds: string, extra = '') => {
  const to = new Date();
  const from = new Date(to.getTime() - day);
  return `${base(customer)}/trends?server_ids=${encodeURIComponent(serverIds)}&graph=cpu&from=${from.toISOString()}&to=${to.toISOString()}&width=100${extra}`;
};

describe('the literal counts match the demo seed', () => {
  it('servers per customer', () => {
    const rows = buildDemoLandscape();
    for (const [customer, expected] of Object.entries(servers)) {
      const id = Number(customer);
      const devices = rows.devices.filter((row) => row.customerId === id && row.role === 'server');
      const vms = rows.virtualMachines.filter((row) => row.customerId === id);
      expect(devices.length + vms.length).toBe(expected.total);
      // The demo series cover every active server (modules/trends/demo-series.ts).
      expect([...devices, ...vms].filter((row) => (row.status ?? 'active') === 'active')).toHaveLength(
        expected.measured,
      );
    }
    expect(rows.virtualMachines.find((vm) => `virtual-machines/${vm.id}` === OWN_SERVER)).toMatchObject({
      customerId: 1001,
      name: 'gk-web01',
    });
    expect(
      rows.virtualMachines.find((vm) => `virtual-machines/${vm.id}` === FOREIGN_SERVER)?.customerId,
    ).toBe(OTHER);
  });
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = mine === OTHER ? 1003 : OTHER;

  it('GET servers: own, other, unknown customer, with exact counts', async () => {
    const options = await auth(subject);
    const [a, b, c] = await Promise.all(
      [mine, other, UNKNOWN].map((id) => send(server, 'GET', `${base(id)}/servers`, options)),
    );
    if (anonymous) return expect([a?.status, b?.status, c?.status]).toEqual([401, 401, 401]);
    expect(c?.status).toBe(404);
    expect(code(c ?? { json: undefined })).toBe('CUSTOMER_NOT_FOUND');
    expect([a?.status, b?.status]).toEqual([subject.trend ? 200 : 403, subject.staff ? 200 : 403]);
    if (!subject.trend) return expect(code(a ?? { json: undefined })).toBe('FORBIDDEN');
    for (const [response, customer] of [
      [a, mine],
      ...(subject.staff ? [[b, other] as const] : []),
    ] as const) {
      const answer = response?.json as Servers;
      const expected = servers[customer];
      expect(answer.servers).toHaveLength(expected?.total ?? -1);
      expect(answer.servers.filter((entry) => entry.current !== null)).toHaveLength(expected?.measured ?? -1);
      expect(answer.observe !== null).toBe(expected?.observe);
    }
  });

  it('GET trends: own server, another customer’s server under own path, other and unknown customer', async () => {
    const options = await auth(subject);
    const [a, b, c, d] = await Promise.all([
      send(server, 'GET', trendsUrl(1001, OWN_SERVER), options),
      send(server, 'GET', trendsUrl(1001, `${OWN_SERVER},${FOREIGN_SERVER}`), options),
      send(server, 'GET', trendsUrl(OTHER, FOREIGN_SERVER), options),
      send(server, 'GET', trendsUrl(UNKNOWN, OWN_SERVER), options),
    ]);
    const statuses = [a, b, c, d].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401]);
    // multi has trend-read in 1002 only; staff everywhere.
    const in1001 = mine === 1001 && subject.trend;
    const inOther = subject.staff || (mine === OTHER && subject.trend);
    expect(statuses).toEqual([in1001 ? 200 : 403, in1001 ? 404 : 403, inOther ? 200 : 403, 404]);
    if (in1001) {
      expect(code(b)).toBe('SERVER_NOT_FOUND');
      const trends = a.json as Trends;
      expect(trends.series).toHaveLength(1);
      expect(trends.timestamps).toHaveLength(100);
    }
  });
});
