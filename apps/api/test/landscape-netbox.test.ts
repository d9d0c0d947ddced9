import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createNetboxLandscapeSource } from '../src/modules/landscape/netbox.source.ts';

/**
 * The NetBox adapter against a local HTTP server answering NetBox REST API v4's documented shapes:
 * `count`/`next`/`previous`/`results` paging (two objects a page, so every list takes several pages),
 * nested objects ({id, url, display, name, slug}), status as {value, label}, token authentication and
 * the tenant filter. NetBox itself cannot run here. Demo customer 1001 has the link netbox/gouden-korst.
 */
const TOKEN = 'nb-test-token-0123456789';
const site = { id: 1, url: '/api/dcim/sites/1/', display: 'AMS1', name: 'AMS1', slug: 'ams1' };
const status = (value: string) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) });
const vmwareType = { id: 1, name: 'VMware vSphere', slug: 'vmware' };
const k8sType = { id: 2, name: 'Kubernetes', slug: 'kubernetes' };

const data: Record<string, Record<string, unknown>[]> = {
  '/api/dcim/devices/': [
    {
      id: 101,
      name: 'nb-esx01',
      role: { id: 1, name: 'Server', slug: 'server' },
      status: status('active'),
      site,
      location: { id: 3, name: 'Hall 1' },
      rack: { id: 7, name: 'R07', display: 'R07' },
      position: 30.0,
      device_type: { id: 4, model: 'R760', slug: 'r760', u_height: 2.0 },
      platform: { id: 1, name: 'VMware ESXi', slug: 'esxi' },
      serial: 'SN101',
      cluster: { id: 11, name: 'nb-vmw' },
      tenant: { id: 5, name: 'Gouden Korst', slug: 'gouden-korst' },
    },
    {
      id: 102,
      name: 'nb-sw01',
      role: { id: 2, name: 'Switch', slug: 'switch' },
      status: status('planned'),
      site,
      rack: { id: 7, name: 'R07' },
      position: 42.0,
      device_type: { id: 5, model: '7050', slug: '7050', u_height: 1.0 },
      cluster: null,
    },
    {
      id: 103,
      name: 'nb-db01',
      role: { slug: 'server' },
      status: status('offline'),
      site,
      rack: null,
      position: null,
    },
  ],
  '/api/virtualization/virtual-machines/': [
    {
      id: 201,
      name: 'nb-web01',
      status: status('active'),
      cluster: { id: 11, name: 'nb-vmw' },
      vcpus: 4.0,
      memory: 8192,
      disk: 80000,
      site,
    },
    {
      id: 202,
      name: 'nb-web02',
      status: status('active'),
      cluster: { id: 11, name: 'nb-vmw' },
      vcpus: 4.0,
      memory: 8192,
      disk: 80000,
      site,
    },
    {
      id: 203,
      name: 'nb-k8s01',
      status: status('active'),
      cluster: { id: 12, name: 'nb-k8s' },
      vcpus: 8.0,
      memory: 16384,
      disk: 100000,
    },
  ],
  '/api/dcim/racks/': [
    { id: 7, name: 'R07', status: status('active'), site, location: { id: 3, name: 'Hall 1' }, u_height: 42 },
  ],
  '/api/ipam/ip-addresses/': [
    {
      id: 301,
      address: '10.99.0.5/24',
      family: { value: 4, label: 'IPv4' },
      status: status('active'),
      dns_name: 'nb-web01.example',
      assigned_object: { id: 9, name: 'eth0', virtual_machine: { id: 201, name: 'nb-web01' } },
    },
    {
      id: 302,
      address: '10.99.0.6/24',
      family: { value: 4, label: 'IPv4' },
      status: status('active'),
      assigned_object: { id: 10, name: 'eno1', device: { id: 101, name: 'nb-esx01' } },
    },
  ],
  '/api/ipam/prefixes/': [
    {
      id: 401,
      prefix: '10.99.0.0/24',
      family: { value: 4 },
      status: status('active'),
      vlan: { id: 1, vid: 100, name: 'servers' },
      role: { name: 'Servers' },
    },
  ],
  '/api/virtualization/clusters/': [
    {
      id: 11,
      name: 'nb-vmw',
      type: vmwareType,
      status: status('active'),
      site,
      virtualmachine_count: 2,
      device_count: 1,
    },
    {
      id: 12,
      name: 'nb-k8s',
      type: k8sType,
      status: status('active'),
      site,
      virtualmachine_count: 1,
      custom_fields: {
        kubernetes_version: 'v1.31.2',
        api_endpoint: 'https://nb-k8s.example:6443',
        ca_certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      },
    },
  ],
};

let netbox: Server;
let url = '';
const requests: string[] = [];

function answer(request: IncomingMessage, response: ServerResponse) {
  const target = new URL(request.url ?? '/', url);
  requests.push(`${target.pathname}?${target.searchParams.toString()}`);
  if (request.headers.authorization !== `Token ${TOKEN}`) {
    response.writeHead(403, { 'content-type': 'application/json' }).end('{"detail":"Invalid token"}');
    return;
  }
  const all = target.searchParams.get('tenant') === 'gouden-korst' ? (data[target.pathname] ?? []) : [];
  const limit = 2;
  const offset = Number(target.searchParams.get('offset') ?? 0);
  const next = new URL(target);
  next.searchParams.set('limit', String(limit));
  next.searchParams.set('offset', String(offset + limit));
  response.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      count: all.length,
      next: offset + limit < all.length ? next.toString() : null,
      previous: null,
      results: all.slice(offset, offset + limit),
    }),
  );
}

beforeAll(async () => {
  netbox = createServer(answer);
  await new Promise<void>((resolve) => netbox.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(netbox.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => netbox.close(() => resolve())));

describe('NetBox landscape source', () => {
  const { db, pool } = createDatabase(inject('databaseUrl'), 1);
  afterAll(async () => pool.end());
  const source = () => createNetboxLandscapeSource({ url, token: TOKEN, db });

  it('reads every page of the tenant, maps the shapes and pages with the keyset rules', async () => {
    const netboxSource = source();
    const first = await netboxSource.list({ customerId: 1001, kind: 'devices', sort: 'name', limit: 2 });
    expect(first.items.map((item) => item.name)).toEqual(['nb-db01', 'nb-esx01']);
    expect(first.nextAfter).toEqual(['nb-esx01', '101']);
    const second = await netboxSource.list({
      customerId: 1001,
      kind: 'devices',
      sort: 'name',
      limit: 2,
      after: first.nextAfter,
    });
    expect(second.items.map((item) => item.name)).toEqual(['nb-sw01']);
    expect(second.nextAfter).toBeUndefined();
    expect(first.items[1]).toMatchObject({
      id: 'devices/101',
      role: 'server',
      status: 'active',
      rack: { id: 'racks/7', name: 'R07' },
      position_u: 30,
      height_u: 2,
      cluster: { id: 'vmware-clusters/11', name: 'nb-vmw' },
    });
    expect(second.items[0]).toMatchObject({ status: 'offline' });
    // Every list was read in pages (2 a page) with the tenant filter; a second call within the minute
    // is served from the cache.
    expect(requests.filter((r) => r.startsWith('/api/dcim/devices/'))).toHaveLength(2);
    expect(requests.every((r) => r.includes('tenant=gouden-korst'))).toBe(true);
  });

  it('answers objects with relations, rack elevation, servers and kubeconfig access', async () => {
    const netboxSource = source();
    const rack = await netboxSource.get(1001, { kind: 'racks', key: '7' });
    expect(rack?.elevation?.units.map((unit) => [unit.name, unit.position_u, unit.height_u])).toEqual([
      ['nb-esx01', 30, 2],
      ['nb-sw01', 42, 1],
    ]);
    const prefix = await netboxSource.get(1001, { kind: 'prefixes', key: '10.99.0.0/24' });
    expect(prefix?.relations).toEqual([
      {
        kind: 'ip-addresses',
        items: [
          { id: 'ip-addresses/10.99.0.5/24', kind: 'ip-addresses', name: '10.99.0.5/24' },
          { id: 'ip-addresses/10.99.0.6/24', kind: 'ip-addresses', name: '10.99.0.6/24' },
        ],
      },
    ]);
    const ip = await netboxSource.get(1001, { kind: 'ip-addresses', key: '10.99.0.5' });
    expect(ip?.object).toMatchObject({ assigned: { id: 'virtual-machines/201' }, vlan: { vid: 100 } });
    const servers = await netboxSource.servers(1001);
    expect(servers.map((server) => server.server_id)).toEqual([
      'devices/103',
      'devices/101',
      'virtual-machines/203',
      'virtual-machines/201',
      'virtual-machines/202',
    ]);
    // The dashboard's offline figure: counted over the same list, the first ones in its order.
    const offline = servers.filter((server) => server.status === 'offline');
    expect(await netboxSource.offlineServers(1001, 1)).toEqual({
      count: offline.length,
      servers: offline.slice(0, 1),
    });
    const k8s = await netboxSource.kubernetesCluster(1001, 12);
    expect(k8s).toMatchObject({
      name: 'nb-k8s',
      version: 'v1.31.2',
      api_endpoint: 'https://nb-k8s.example:6443',
    });
    expect(await netboxSource.kubernetesCluster(1001, 11)).toBeUndefined();
    const summary = await netboxSource.summary(1001);
    expect(summary.counts).toMatchObject({
      devices: 3,
      'virtual-machines': 3,
      'kubernetes-clusters': 1,
      'vmware-clusters': 1,
    });
  });

  it('a customer without a NetBox link has an empty landscape; another tenant sees nothing of this one', async () => {
    const netboxSource = source();
    expect(
      (await netboxSource.list({ customerId: 1003, kind: 'devices', sort: 'name', limit: 25 })).items,
    ).toEqual([]);
    // 1002 is linked to tenant "northwind", which this NetBox answers with nothing.
    expect(
      (await netboxSource.list({ customerId: 1002, kind: 'devices', sort: 'name', limit: 25 })).items,
    ).toEqual([]);
    expect(await netboxSource.get(1002, { kind: 'devices', key: '101' })).toBeUndefined();
  });

  it('a refused token is an error, not an empty landscape', async () => {
    const wrong = createNetboxLandscapeSource({ url, token: 'wrong-token-123', db });
    await expect(wrong.list({ customerId: 1001, kind: 'devices', sort: 'name', limit: 25 })).rejects.toThrow(
      /403/,
    );
  });
});
