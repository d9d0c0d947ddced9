import { displayIdOf, periodOf, shiftPeriod } from '@portaal/contracts';
import { landscapeKinds } from '@portaal/contracts/landscape-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * DESIGN.md §3: dates are ISO 8601 strings in UTC. A timestamp written the way PostgreSQL prints one
 * ("2026-12-02 03:05:22.816002+00", a contact's created_at) passed every schema, which only said
 * "string". This walks every GET of the demo data as an owner and as staff and looks at every string:
 * one that starts as a date is either a date (YYYY-MM-DD) or a date-time in UTC with a T and a Z.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LOOKS_LIKE_A_DATE = /^\d{4}-\d{2}-\d{2}(?!\d)/;

/** Answers that are not JSON (files, CSV, the IdP's pages) or not about the demo data. */
const SKIPPED = [
  /^\/realms\//,
  /^\/(healthz|readyz|metrics)$/,
  /^\/api\/(openapi\.json|docs|config)$/,
  /^\/\*$/,
  /\/(pdf|ubl|download|kubeconfig|export)$/,
  /\/attachments\/:attachment_id$/,
];

/** Every string in an answer that starts as a date but is neither form, with its path. */
function badTimestamps(value: unknown, at = '$'): string[] {
  if (typeof value === 'string') {
    return LOOKS_LIKE_A_DATE.test(value) && !DATE.test(value) && !DATE_TIME.test(value)
      ? [`${at} = ${value}`]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => badTimestamps(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => {
      const path = `${at}.${key}`;
      // A *_at field is an instant (a customer's created_at is the one date among them).
      if (key.endsWith('_at') && typeof inner === 'string' && !DATE_TIME.test(inner) && !DATE.test(inner)) {
        return [`${path} = ${inner}`];
      }
      return badTimestamps(inner, path);
    });
  }
  return [];
}

let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  token = tokenSource(server);
  // The demo data keeps no reports; last month's usage report is made here (201, or 200 when another
  // test file made it first in the shared database), so that the report's own GET is walked too.
  const lastMonth = displayIdOf('usage', shiftPeriod(periodOf(new Date()), -1));
  const made = await call(server, 'POST', `/api/admin/v2/customer/1001/reports/${lastMonth}/regenerate`, {
    token: await token('staff-moderator'),
  });
  expect([200, 201]).toContain(made.status);
});
afterAll(async () => server?.close());

/** The first item of a list answer (an array, or the first array in an object). */
function firstItem(json: unknown): Record<string, unknown> | undefined {
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null
      ? Object.values(json).find(Array.isArray)
      : undefined;
  const [item] = list ?? [];
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
}

/**
 * The concrete addresses of every GET route: a customer id of the demo data, and any other parameter
 * from the first item of the list one level up (…/contacts for …/contacts/:contact_id).
 */
async function addresses(username: string, admin: boolean, empty: string[]): Promise<string[]> {
  const routes = server.app.registeredRoutes
    .filter(
      (route) => route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET')),
    )
    .map((route) => route.url)
    .filter((url) => !SKIPPED.some((pattern) => pattern.test(url)))
    .filter((url) => admin || !url.startsWith('/api/admin/'));
  const known = new Map<string, unknown>();
  const out: string[] = [];
  for (const url of routes) {
    let concrete = url.replaceAll(':customer_id', '1001');
    if (concrete.includes('/landscape/:kind')) {
      out.push(...landscapeKinds.map((kind) => concrete.replace(':kind', kind)));
      continue;
    }
    if (concrete.endsWith('/landscape/objects/*')) {
      const devices = await call(server, 'GET', concrete.replace('objects/*', 'devices'), {
        token: await token(username),
      });
      out.push(concrete.replace('*', String(firstItem(devices.json)?.id)));
      continue;
    }
    let found = true;
    for (const [, name] of concrete.matchAll(/:(\w+)/g)) {
      if (!name || !found) continue;
      const parent = concrete.slice(0, concrete.indexOf(`:${name}`) - 1);
      if (!known.has(parent)) {
        const list = await call(server, 'GET', parent, { token: await token(username) });
        known.set(parent, list.json);
      }
      const item = firstItem(known.get(parent));
      const value = item?.[name] ?? item?.id ?? item?.number;
      if (value === undefined) {
        found = false;
        empty.push(url);
      } else concrete = concrete.replace(`:${name}`, encodeURIComponent(String(value)));
    }
    if (found) out.push(concrete);
  }
  return out;
}

/** Queries some GETs need to answer at all. */
async function withQuery(path: string, username: string): Promise<string> {
  if (path.endsWith('/trends')) {
    const servers = await call(server, 'GET', path.replace(/trends$/, 'servers'), {
      token: await token(username),
    });
    const id = firstItem(servers.json)?.id ?? firstItem(servers.json)?.server_id;
    const to = new Date();
    const from = new Date(to.getTime() - 3_600_000);
    return `${path}?server_ids=${id}&graph=cpu&from=${from.toISOString()}&to=${to.toISOString()}`;
  }
  if (path === '/api/v2/search') return `${path}?q=bakkerij`;
  if (path.endsWith('/id-check')) return `${path}?customer_id=1099`;
  if (path === '/api/admin/v2/customer') return `${path}?link_type=accounting&link_id=ACC-10001`;
  return path;
}

describe('every timestamp of every GET is ISO 8601 in UTC', () => {
  it.each([
    ['owner', false],
    ['staff-moderator', true],
  ])('as %s', async (username, admin) => {
    const empty: string[] = [];
    const paths = await addresses(username, admin, empty);
    // Every GET with an id has something to read (the report made above included).
    expect(empty).toEqual([]);
    expect(paths.length).toBeGreaterThan(admin ? 50 : 35);
    const failures: string[] = [];
    for (const path of paths) {
      const address = await withQuery(path, username);
      const answer = await call(server, 'GET', address, { token: await token(username) });
      if (answer.status !== 200) {
        failures.push(`${address}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      failures.push(...badTimestamps(answer.json).map((bad) => `${address}: ${bad}`));
    }
    expect(failures).toEqual([]);
  });

  it('in a contact created by POST and read back', async () => {
    const owner = await token('owner');
    const created = await call(server, 'POST', '/api/v2/customer/1001/contacts', {
      token: owner,
      body: {
        first_name: 'Iso',
        last_name: 'Tijdstip',
        email: 'iso.tijdstip@example.test',
        phone: '',
        cellular: '',
        roles: ['technical_viewer'],
        language: 'nl',
        external_note: '',
      },
    });
    expect(created.status, created.text).toBe(201);
    const contact = created.json as { contact_id: number; created_at: string; updated_at: string };
    expect(contact.created_at).toMatch(DATE_TIME);
    expect(contact.updated_at).toMatch(DATE_TIME);
    const read = await call(server, 'GET', `/api/v2/customer/1001/contacts/${contact.contact_id}`, {
      token: owner,
    });
    expect(read.json).toMatchObject({ created_at: contact.created_at, updated_at: contact.updated_at });
  });
});
