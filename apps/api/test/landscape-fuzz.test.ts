import { request } from 'node:http';
import { landscapeKinds } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Hostile input on every landscape route: kinds, ids with slashes, `..`, encoded slashes and NULs,
 * huge limits, bad and foreign cursors, odd filters. Nothing may answer 5xx; bad input is a 400 that
 * names the field, an id that names nothing is a 404.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

const base = '/api/v2/customer/1001';
const get = (path: string) => send(server, 'GET', path, { token });
/** A request with the path exactly as written: fetch would resolve `..` segments before sending. */
const raw = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(server.baseUrl);
    const outgoing = request(
      { host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
const fields = (response: { json: unknown }) =>
  ((response.json as Problem | undefined)?.errors ?? []).map((error) => error.field);

describe('landscape lists', () => {
  const queries = [
    'limit=0',
    'limit=101',
    'limit=99999999999999999999',
    'limit=-1',
    'limit=abc',
    'status=broken',
    'status=active,offline,decommissioning,active',
    'status=',
    'location=AMS1',
    'location=../../etc',
    `location=${'a'.repeat(100)}`,
    'q=%00',
    `q=${'x'.repeat(101)}`,
    'q=%25%5F%5C',
    "q=' or 1=1 --",
    'sort=size',
    'sort=-name',
    'cursor=%%%',
    'cursor=bm90IGpzb24',
    `cursor=${Buffer.from('["devices","name","x"]').toString('base64url')}`,
    `cursor=${Buffer.from('["devices","name","gk","99999999999"]').toString('base64url')}`,
    `cursor=${Buffer.from('["ip-addresses","name","10.0.0.300/24"]').toString('base64url')}`,
    `cursor=${Buffer.from('["prefixes","name","10.20.0.5/24"]').toString('base64url')}`,
    `cursor=${Buffer.from('["devices","status","broken","a","1"]').toString('base64url')}`,
    `cursor=${'A'.repeat(600)}`,
  ];

  it.each(landscapeKinds)('%s: no 5xx, refusals name their field', async (kind) => {
    for (const query of queries) {
      const response = await get(`${base}/landscape/${kind}?${query}`);
      expect(response.status, `${kind}?${query}`).toBeLessThan(500);
      if (response.status === 400) expect(fields(response).length, query).toBeGreaterThan(0);
    }
    expect((await get(`${base}/landscape/${kind}?limit=101`)).status).toBe(400);
    expect(fields(await get(`${base}/landscape/${kind}?cursor=%%%`))).toEqual(['cursor']);
  });

  it('a cursor of one list is refused by another', async () => {
    const first = await get(`${base}/landscape/devices?limit=2`);
    const next = /cursor=([^&>]+)/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect((await get(`${base}/landscape/devices?limit=2&cursor=${next}`)).status).toBe(200);
    expect((await get(`${base}/landscape/racks?limit=2&cursor=${next}`)).status).toBe(400);
    expect((await get(`${base}/landscape/devices?limit=2&sort=status&cursor=${next}`)).status).toBe(400);
  });

  it('unknown kinds are refused', async () => {
    for (const kind of ['servers', 'objects', 'DEVICES', '..', '%2e%2e', 'devices%2F1', '%00']) {
      const response = await get(`${base}/landscape/${kind}`);
      expect(response.status, kind).toBeLessThan(500);
      expect([400, 404], kind).toContain(response.status);
    }
  });
});

describe('landscape objects', () => {
  const ids = [
    'devices/1',
    'devices/0',
    'devices/-1',
    'devices/1.5',
    'devices/99999999999',
    'devices/2147483648',
    'devices/1/2',
    'devices/../racks/1',
    'devices/%2E%2E/racks/1',
    'devices/..',
    '..',
    '../..',
    '..%2F..%2Fetc%2Fpasswd',
    'devices%2F1',
    'prefixes%2F10.20.0.0%2F24',
    'prefixes/10.20.0.0/24',
    'prefixes/10.20.0.0%2F24',
    'prefixes/10.20.0.5/24',
    'prefixes/10.20.0.0/33',
    'prefixes/10.20.0.0',
    'prefixes/2001:db8:20:100::/64',
    'prefixes/2001:db8:20:100:::/64',
    'prefixes/::/0',
    'ip-addresses/10.20.0.50/24',
    'ip-addresses/10.20.0.50',
    'ip-addresses/10.20.0.256/24',
    'ip-addresses/010.20.0.50/24',
    'ip-addresses/2001:db8:20:100::32/64',
    'ip-addresses/::ffff:10.20.0.50/120',
    'ip-addresses/1:2:3:4:5:6:7:8:9/64',
    'ip-addresses/%00',
    'kubernetes-clusters/1',
    'vmware-clusters/2',
    'nonsense/1',
    '',
    '%C0%AE%C0%AE',
    'a'.repeat(400),
  ];

  it('no 5xx for any id; valid own ids 200, well-formed strangers 404, malformed 400', async () => {
    const statuses: Record<string, number> = {};
    for (const id of ids) {
      const status = await raw(`${base}/landscape/objects/${id}`);
      statuses[id] = status;
      expect(status, id).toBeLessThan(500);
    }
    expect(statuses).toMatchObject({
      'devices/1': 200,
      'devices/0': 400,
      'devices/99999999999': 400,
      'devices/../racks/1': 400,
      'devices/%2E%2E/racks/1': 400,
      '..': 400,
      'devices%2F1': 200,
      'prefixes%2F10.20.0.0%2F24': 200,
      'prefixes/10.20.0.0/24': 200,
      'prefixes/10.20.0.0%2F24': 200,
      'prefixes/10.20.0.5/24': 400,
      'prefixes/2001:db8:20:100::/64': 200,
      'prefixes/::/0': 404,
      'ip-addresses/10.20.0.50/24': 200,
      'ip-addresses/10.20.0.50': 200,
      'ip-addresses/10.20.0.256/24': 400,
      'ip-addresses/2001:db8:20:100::32/64': 200,
      'ip-addresses/::ffff:10.20.0.50/120': 404,
      'kubernetes-clusters/1': 200,
      // Cluster 2 of 1001 is its Proxmox cluster: not a VMware cluster.
      'vmware-clusters/2': 404,
      'nonsense/1': 400,
    });
  });

  it('kubeconfig ids', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999', '1.5', '%00', '2', '1']) {
      const response = await get(`${base}/kubernetes-clusters/${id}/kubeconfig`);
      expect(response.status, id).toBeLessThan(500);
      expect(response.status, id).toBe(id === '1' ? 200 : id === '2' ? 404 : 400);
    }
  });
});
