import type { Application, ApplicationChecks, Dashboard } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplications } from '../src/modules/availability/availability.seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { matrixSubjects, type Subject } from './matrix-subjects.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of the availability routes (DESIGN.md §7): every demo user, the loner,
 * staff and anonymous against their own customer, another customer and an unknown one, with exact
 * status codes and counts (checked against the seed first). Both routes only read: shared database.
 */
const OTHER = 1002;
const UNKNOWN = 999_999;
/** Seeded in customer order: 1001's applications are 1–3, 1002's 4–5, 1003's 6. */
const applications: Record<number, number[]> = { 1001: [1, 2, 3], 1002: [4, 5], 1003: [6] };

const subjects = matrixSubjects({
  owner: true,
  'financial-moderator': true,
  'financial-viewer': true,
  'technical-viewer': true,
  viewer: false,
  multi: true,
});

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
const checksUrl = (customer: number, app: number, query = '') =>
  `${base(customer)}/applications/${app}/checks${query}`;

describe('the literal counts match the demo seed', () => {
  it('applications per customer', () => {
    for (const [customer, ids] of Object.entries(applications)) {
      expect(demoApplications[Number(customer)]).toHaveLength(ids.length);
    }
  });
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = mine === OTHER ? 1003 : OTHER;

  it('GET applications: own, other, unknown customer, with exact counts', async () => {
    const options = await auth(subject);
    const [a, b, c] = await Promise.all([
      send(server, 'GET', `${base(mine)}/applications`, options),
      send(server, 'GET', `${base(other)}/applications`, options),
      send(server, 'GET', `${base(UNKNOWN)}/applications`, options),
    ]);
    if (anonymous) return expect([a.status, b.status, c.status]).toEqual([401, 401, 401]);
    expect(c.status).toBe(404);
    expect(code(c)).toBe('CUSTOMER_NOT_FOUND');
    expect([a.status, b.status]).toEqual([subject.read ? 200 : 403, subject.staff ? 200 : 403]);
    if (!subject.read) return expect(code(a)).toBe('FORBIDDEN');
    for (const [response, customer] of [
      [a, mine],
      ...(subject.staff ? [[b, other] as const] : []),
    ] as const) {
      const list = response.json as Application[];
      expect(list.map((app) => app.application_id).sort()).toEqual(applications[customer]);
      for (const app of list) {
        expect(app.state).toBe('up');
        expect(app.uptime.last24h).not.toBeNull();
      }
    }
  });

  it('GET checks: own application, another customer’s under own path, other and unknown customer', async () => {
    const options = await auth(subject);
    const own = applications[mine]?.[0] ?? 0;
    const foreign = applications[other]?.[0] ?? 0;
    const [a, b, c, d] = await Promise.all([
      send(server, 'GET', checksUrl(mine, own), options),
      send(server, 'GET', checksUrl(mine, foreign), options),
      send(server, 'GET', checksUrl(other, foreign), options),
      send(server, 'GET', checksUrl(UNKNOWN, own), options),
    ]);
    const statuses = [a, b, c, d].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401]);
    expect(statuses).toEqual([
      subject.read ? 200 : 403,
      subject.read ? 404 : 403,
      subject.staff ? 200 : 403,
      404,
    ]);
    if (!subject.read) return;
    expect(code(b)).toBe('APPLICATION_NOT_FOUND');
    const checks = a.json as ApplicationChecks;
    expect(checks.range).toBe('last24h');
    expect(checks.timestamps).toHaveLength(checks.latency_ms.length);
    expect(checks.latency_ms.filter((value) => value !== null).length).toBeGreaterThan(100);
    expect(checks.maintenance.length).toBeGreaterThan(0);
  });
});

describe('what the history holds', () => {
  it('over 90 days every demo application had outages, and uptime per range is below 100 somewhere', async () => {
    const options = { token: await token('owner') };
    let outages = 0;
    for (const id of applications[1001] ?? []) {
      for (const range of ['currentMonth', 'lastPeriod'] as const) {
        const response = await send(server, 'GET', checksUrl(1001, id, `?range=${range}&width=200`), options);
        expect(response.status).toBe(200);
        const checks = response.json as ApplicationChecks;
        expect(checks.timestamps.length).toBeLessThanOrEqual(200);
        outages += checks.outages.length;
        for (const outage of checks.outages) expect(outage.ended_at).not.toBeNull();
      }
    }
    expect(outages).toBeGreaterThan(0);
  });

  it('maintenance windows come in order of their start, earliest first', async () => {
    const options = { token: await token('owner') };
    let compared = 0;
    for (const id of applications[1001] ?? []) {
      // The last period reaches back a month: the monthly windows and the planned one ahead.
      const response = await send(server, 'GET', checksUrl(1001, id, '?range=lastPeriod'), options);
      expect(response.status).toBe(200);
      const starts = (response.json as ApplicationChecks).maintenance.map((window) => window.starts_at);
      expect(starts).toEqual([...starts].sort((a, b) => Date.parse(a) - Date.parse(b)));
      compared += Math.max(0, starts.length - 1);
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('the SLA panel of the dashboard', () => {
  it('is there with uptime-read, with the bundle figure only with usage-read', async () => {
    const panel = async (username: string) => {
      const response = await send(server, 'GET', '/api/v2/customer/1001/dashboard', {
        token: await token(username),
      });
      expect(response.status).toBe(200);
      return (response.json as Dashboard).panels.find((entry) => entry.panel === 'sla');
    };
    const owner = await panel('owner');
    expect(owner?.figures.map((figure) => figure.key)).toEqual([
      'down',
      'below_target',
      'open_incidents',
      'bundles_near_limit',
    ]);
    expect(owner?.figures.find((figure) => figure.key === 'down')?.value).toBe(0);
    expect(owner?.items.map((item) => item.title)).toEqual([
      'Bestelportaal',
      'Kassakoppeling API',
      'Webwinkel',
    ]);
    // Numbers for the client to format in the reader's language, not server-formatted text.
    for (const item of owner?.items ?? []) {
      expect(item.detail).toBeNull();
      expect(item.detail_values?.key).toBe('uptime_of_target');
      expect(typeof item.detail_values?.values.uptime).toBe('number');
    }
    expect(owner?.items.find((item) => item.title === 'Webwinkel')?.detail_values?.values.target).toBe(99.9);
    const financial = await panel('financial-viewer');
    expect(financial?.figures.map((figure) => figure.key)).toEqual([
      'down',
      'below_target',
      'open_incidents',
    ]);
    expect(await panel('viewer')).toBeUndefined();
  });
});
