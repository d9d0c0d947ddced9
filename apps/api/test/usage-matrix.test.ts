import { periodOf, type Usage } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoUsage } from '../src/modules/usage/usage.seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { matrixSubjects, type Subject } from './matrix-subjects.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of GET usage (DESIGN.md §7): every demo user, the loner (no membership),
 * staff and anonymous against their own customer, another customer and an unknown one, with exact
 * status codes and exact counts (checked against the usage seed in the first test). The route only
 * reads, so this file uses the run's shared database.
 */
const OTHER = 1002;
const UNKNOWN = 999_999;

/** Entries a month and groups per customer; every demo customer with usage has 13 months. */
const usage: Record<number, { entries: number; groups: string[] }> = {
  1001: { entries: 7, groups: ['hours', 'storage', 'traffic', 'observe'] },
  1002: { entries: 4, groups: ['hours', 'storage', 'traffic', 'observe'] },
  1003: { entries: 2, groups: ['hours', 'storage'] },
};

const subjects = matrixSubjects({
  owner: true,
  'financial-moderator': true,
  'financial-viewer': false,
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
const usageUrl = (customer: number, query = '') => `/api/v2/customer/${customer}/usage${query}`;

describe('the literal counts match the demo seed', () => {
  it('entries and groups a month per customer', () => {
    const rows = buildDemoUsage(new Date());
    const current = periodOf(new Date());
    for (const [customer, expected] of Object.entries(usage)) {
      const mine = rows.filter((row) => row.customerId === Number(customer));
      expect(mine.filter((row) => row.period === current)).toHaveLength(expected.entries);
      expect(new Set(mine.map((row) => row.period)).size).toBe(13);
    }
  });
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = mine === OTHER ? 1003 : OTHER;

  it('GET usage: own, other, unknown customer, with exact counts', async () => {
    const options = await auth(subject);
    const [a, b, c] = await Promise.all([
      send(server, 'GET', usageUrl(mine), options),
      send(server, 'GET', usageUrl(other), options),
      send(server, 'GET', usageUrl(UNKNOWN), options),
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
      const answer = response.json as Usage;
      const expected = usage[customer];
      expect(answer.period).toBe(periodOf(new Date()));
      expect(answer.periods).toHaveLength(13);
      expect(answer.groups.map((group) => group.type)).toEqual(expected?.groups);
      expect(answer.groups.flatMap((group) => group.usages)).toHaveLength(expected?.entries ?? -1);
    }
  });

  it('GET usage of a past month and of a month without usage', async () => {
    if (!subject.read) return;
    const options = await auth(subject);
    const past = await send(
      server,
      'GET',
      usageUrl(mine, `?period=${periodOf(new Date(Date.now() - 40 * 86_400_000))}`),
      options,
    );
    expect(past.status).toBe(200);
    expect((past.json as Usage).groups.flatMap((group) => group.usages)).toHaveLength(
      usage[mine]?.entries ?? -1,
    );
    const empty = await send(server, 'GET', usageUrl(mine, '?period=2001-01'), options);
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ period: '2001-01', groups: [] });
  });
});

describe('what a bundle holds', () => {
  it('sorts each group by usage type and keeps the amounts of the seed', async () => {
    const answer = (await send(server, 'GET', usageUrl(1001), { token: await token('owner') })).json as Usage;
    const hours = answer.groups.find((group) => group.type === 'hours');
    expect(hours?.usages.map((entry) => entry.usage_type)).toEqual(['consultancy', 'manhour']);
    // This month's use grows by the day of the seed: a run that crossed midnight since the seed
    // finds yesterday's figures.
    const seededOn = (date: Date) =>
      buildDemoUsage(date).find(
        (row) => row.customerId === 1001 && row.period === answer.period && row.usageType === 'manhour',
      );
    const candidates = [new Date(), new Date(Date.now() - 86_400_000)].map(seededOn);
    expect(hours?.usages[1]).toMatchObject({ unit: 'hour', renews: true, period_start_amount: 16 });
    expect(
      candidates.map((expected) => ({
        used_amount: expected?.usedAmount,
        remaining_amount: expected?.remainingAmount,
      })),
    ).toContainEqual({
      used_amount: hours?.usages[1]?.used_amount,
      remaining_amount: hours?.usages[1]?.remaining_amount,
    });
  });
});
