import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import type { LandscapeDetail, LandscapeKind, LandscapeObject, LandscapeSummary } from '@portaal/contracts';
import { landscapeKinds } from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoLandscape } from '../src/db/seed/landscape.seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of every landscape route (DESIGN.md §7): every demo user, the loner (no
 * membership), staff and anonymous against their own customer, another customer and an unknown one,
 * with exact status codes and exact list counts. The counts are literals, checked against the demo
 * seed (apps/api/src/db/seed/landscape.seed.ts) in the first test. The routes only read, apart from
 * the audit events of kubeconfig downloads, so this file uses the run's shared database.
 */
const OTHER = 1002;
const UNKNOWN = 999_999;

/** Objects per kind in the demo seed, by customer. */
const counts: Record<number, Record<LandscapeKind, number>> = {
  1001: {
    devices: 16,
    'virtual-machines': 12,
    racks: 2,
    'ip-addresses': 35,
    prefixes: 6,
    'kubernetes-clusters': 1,
    'vmware-clusters': 1,
  },
  1002: {
    devices: 17,
    'virtual-machines': 10,
    racks: 2,
    'ip-addresses': 35,
    prefixes: 6,
    'kubernetes-clusters': 2,
    'vmware-clusters': 1,
  },
  1003: {
    devices: 14,
    'virtual-machines': 6,
    racks: 2,
    'ip-addresses': 23,
    prefixes: 6,
    'kubernetes-clusters': 0,
    'vmware-clusters': 1,
  },
};

/** One object of each kind of 1001, and of 1002 (ids are fixed by the seed order). */
const own: Record<LandscapeKind, string> = {
  devices: 'devices/5',
  'virtual-machines': 'virtual-machines/3',
  racks: 'racks/1',
  'ip-addresses': 'ip-addresses/10.20.0.50/24',
  prefixes: 'prefixes/10.20.0.0/24',
  'kubernetes-clusters': 'kubernetes-clusters/1',
  'vmware-clusters': 'vmware-clusters/1',
};
const foreign: Record<LandscapeKind, string> = {
  devices: 'devices/20',
  'virtual-machines': 'virtual-machines/13',
  racks: 'racks/3',
  'ip-addresses': 'ip-addresses/10.30.0.50/24',
  prefixes: 'prefixes/10.30.0.0/24',
  'kubernetes-clusters': 'kubernetes-clusters/2',
  'vmware-clusters': 'vmware-clusters/3',
};

interface Subject {
  username: string | null;
  /** The customer the subject acts in ("own"). */
  target: number;
  /** infra-read in the target customer. */
  infra: boolean;
  staff: boolean;
}

const subjects: Subject[] = [
  { username: 'owner', target: 1001, infra: true, staff: false },
  { username: 'financial-moderator', target: 1001, infra: false, staff: false },
  { username: 'financial-viewer', target: 1001, infra: false, staff: false },
  { username: 'technical-viewer', target: 1001, infra: true, staff: false },
  { username: 'viewer', target: 1001, infra: false, staff: false },
  { username: 'multi', target: 1002, infra: true, staff: false },
  { username: 'staff-viewer', target: 1001, infra: true, staff: true },
  { username: 'staff-moderator', target: 1001, infra: true, staff: true },
  { username: LONER.username, target: 1001, infra: false, staff: false },
  { username: null, target: 1001, infra: false, staff: false },
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

describe('the literal counts match the demo seed', () => {
  it('per customer and kind', () => {
    const rows = buildDemoLandscape();
    for (const [customer, expected] of Object.entries(counts)) {
      const id = Number(customer);
      const of = (list: { customerId: number }[]) => list.filter((row) => row.customerId === id).length;
      expect({
        devices: of(rows.devices),
        'virtual-machines': of(rows.virtualMachines),
        racks: of(rows.racks),
        'ip-addresses': of(rows.ipAddresses),
        prefixes: of(rows.prefixes),
        'kubernetes-clusters': of(rows.kubernetesClusters),
        'vmware-clusters': of(rows.clusters.filter((cluster) => cluster.type === 'vmware')),
      }).toEqual(expected);
    }
  });
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  /** Staff read every customer; members only their own. */
  const otherOk = subject.staff;

  it('GET landscape (summary): own, other, unknown', async () => {
    const options = await auth(subject);
    const [a, b, c] = await Promise.all(
      [mine, subject.target === OTHER ? 1001 : OTHER, UNKNOWN].map((id) =>
        send(server, 'GET', `${base(id)}/landscape`, options),
      ),
    );
    if (anonymous) return expect([a?.status, b?.status, c?.status]).toEqual([401, 401, 401]);
    expect(c?.status).toBe(404);
    expect(code(c ?? { json: undefined })).toBe('CUSTOMER_NOT_FOUND');
    expect([a?.status, b?.status]).toEqual([subject.infra ? 200 : 403, otherOk ? 200 : 403]);
    if (subject.infra) {
      const summary = a?.json as LandscapeSummary;
      expect(summary.counts).toEqual(counts[mine]);
      expect(summary.datacenters.map((site) => site.slug)).toEqual(['ams1', 'utr1']);
    }
  });

  it.each(landscapeKinds)('GET landscape/%s lists exactly the customer’s objects', async (kind) => {
    const options = await auth(subject);
    const list = (id: number) => send(server, 'GET', `${base(id)}/landscape/${kind}?limit=100`, options);
    const other = subject.target === OTHER ? 1003 : OTHER;
    const [a, b, c] = await Promise.all([list(mine), list(other), list(UNKNOWN)]);
    if (anonymous) return expect([a.status, b.status, c.status]).toEqual([401, 401, 401]);
    expect(c.status).toBe(404);
    expect([a.status, b.status]).toEqual([subject.infra ? 200 : 403, otherOk ? 200 : 403]);
    if (!subject.infra) return;
    const items = a.json as LandscapeObject[];
    expect(items).toHaveLength(counts[mine]?.[kind] ?? -1);
    expect(new Set(items.map((item) => item.kind))).toEqual(new Set(items.length ? [kind] : []));
    expect(a.headers.get('link')).toBeNull();
    if (otherOk) expect(b.json).toHaveLength(counts[other]?.[kind] ?? -1);
  });

  it('GET landscape/objects/{id}: own object, another customer’s id under own path, other and unknown customer', async () => {
    if (subject.target !== 1001) return;
    const options = await auth(subject);
    for (const kind of landscapeKinds) {
      const [a, b, c, d] = await Promise.all([
        send(server, 'GET', `${base(1001)}/landscape/objects/${own[kind]}`, options),
        send(server, 'GET', `${base(1001)}/landscape/objects/${foreign[kind]}`, options),
        send(server, 'GET', `${base(OTHER)}/landscape/objects/${foreign[kind]}`, options),
        send(server, 'GET', `${base(UNKNOWN)}/landscape/objects/${own[kind]}`, options),
      ]);
      const statuses = [a, b, c, d].map((response) => response.status);
      if (anonymous) {
        expect(statuses).toEqual([401, 401, 401, 401]);
        continue;
      }
      if (!subject.infra) {
        expect(statuses).toEqual([403, 403, 403, 404]);
        continue;
      }
      expect(statuses, kind).toEqual([200, 404, otherOk ? 200 : 403, 404]);
      expect((a.json as LandscapeDetail).object.id).toBe(own[kind]);
      expect(code(b)).toBe('LANDSCAPE_OBJECT_NOT_FOUND');
    }
  });

  it('GET kubernetes-clusters/{id}/kubeconfig: own, another customer’s under own path, other customer', async () => {
    if (subject.target !== 1001) return;
    const options = await auth(subject);
    const [a, b, c] = await Promise.all([
      send(server, 'GET', `${base(1001)}/kubernetes-clusters/1/kubeconfig`, options),
      send(server, 'GET', `${base(1001)}/kubernetes-clusters/2/kubeconfig`, options),
      send(server, 'GET', `${base(OTHER)}/kubernetes-clusters/2/kubeconfig`, options),
    ]);
    const statuses = [a.status, b.status, c.status];
    if (anonymous) return expect(statuses).toEqual([401, 401, 401]);
    if (!subject.infra) return expect(statuses).toEqual([403, 403, 403]);
    expect(statuses).toEqual([200, 404, otherOk ? 200 : 403]);
    expect(a.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(a.headers.get('content-disposition')).toContain('gk-prod.kubeconfig.yaml');
  });
});

describe('kubeconfig', () => {
  it('parses with kubectl, carries the cluster and the OIDC exec user and no secret, and is logged', async () => {
    const response = await send(server, 'GET', `${base(1001)}/kubernetes-clusters/1/kubeconfig`, {
      token: await token('technical-viewer'),
    });
    expect(response.status).toBe(200);
    const yaml = response.bytes.toString('utf8');
    expect(yaml).not.toMatch(/client-secret|client-key-data|token:|password/i);
    const dir = await mkdtemp(path.join(tmpdir(), 'kubeconfig-'));
    try {
      const file = path.join(dir, 'config.yaml');
      await writeFile(file, yaml);
      const { stdout } = await promisify(execFile)('/usr/bin/kubectl', [
        'config',
        'view',
        '--kubeconfig',
        file,
        '--raw',
        '-o',
        'json',
      ]);
      const config = JSON.parse(stdout) as {
        clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[];
        users: { user: { exec: { command: string; args: string[] } } }[];
        'current-context': string;
      };
      expect(config['current-context']).toBe('gk-prod');
      expect(config.clusters[0]?.cluster.server).toBe('https://gk-prod.k8s.portaal-hosting.nl:6443');
      const ca = Buffer.from(config.clusters[0]?.cluster['certificate-authority-data'] ?? '', 'base64');
      expect(ca.toString('utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
      const exec = config.users[0]?.user.exec;
      expect(exec?.command).toBe('kubectl');
      expect(exec?.args.slice(0, 2)).toEqual(['oidc-login', 'get-token']);
      expect(exec?.args).toContain(`--oidc-issuer-url=${server.issuer}`);
      expect(exec?.args).toContain(`--oidc-client-id=${server.clientId}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The official JavaScript client reads it the same way.
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromString(yaml);
    expect(kubeConfig.getCurrentContext()).toBe('gk-prod');
    expect(kubeConfig.getCurrentCluster()?.server).toBe('https://gk-prod.k8s.portaal-hosting.nl:6443');
    expect(Buffer.from(kubeConfig.getCurrentCluster()?.caData ?? '', 'base64').toString('utf8')).toMatch(
      /^-----BEGIN CERTIFICATE-----\n/,
    );
    const user = kubeConfig.getCurrentUser();
    expect(user?.exec?.command).toBe('kubectl');
    expect(user?.exec?.args).toContain('--oidc-use-pkce');
    expect(user?.token).toBeUndefined();
    expect(user?.password).toBeUndefined();
    expect(user?.keyData).toBeUndefined();
    const sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    try {
      const { rows } = await sql.query(
        `select actor_id, customer_id, object, request_id from audit_events
         where action = 'kubeconfig.download' and request_id = $1`,
        [response.headers.get('x-request-id')],
      );
      expect(rows).toEqual([
        {
          actor_id: '6f1c2a10-0004-4a1e-9c01-000000000004',
          customer_id: 1001,
          object: 'kubernetes-clusters/1',
          request_id: response.headers.get('x-request-id'),
        },
      ]);
    } finally {
      await sql.end();
    }
  });
});
