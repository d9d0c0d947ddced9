import { type AdminUsageRow, adminUsageQuerySchema, usageKinds, usageStatuses } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedQuery, expectProblem } from './fuzz-support.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the query of usage of all customers: months, search texts, statuses,
 * types, paging. The oracle is the contract: what the shared schema accepts is answered 200, anything
 * else is a 400 problem; nothing answers 5xx. A NUL anywhere is refused, and so is a cursor this list
 * did not hand out. Runs as the staff viewer on the run's shared database (the route only reads).
 */
const RUNS = 300;

let server: TestServer;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await tokenSource(server)('staff-viewer');
});
afterAll(async () => server?.close());

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '🙂',
  '%',
  '%25',
  '_',
  '\\',
  "'; drop table usage_entries; --",
  '__proto__',
  'infinity',
  'NaN',
  '1e309',
  '1001',
  '99999999999',
  '-1',
);

const value = fc.oneof(
  oddStrings,
  fc.constantFrom(...usageStatuses, ...usageKinds, 'true', 'false', 'error,warning', 'hours,', ',', 'ok'),
  fc.constantFrom('2026-10', '2026-13', '2026-00', '1999-07', '2026-1', '2026/10', '9999-12', '0000-01'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 0, max: 300 }).map((length) => 'a'.repeat(length)),
  fc.integer().map(String),
);

const queryEntries = fc.dictionary(
  fc.constantFrom('month', 'q', 'status', 'type', 'over_quota', 'limit', 'x', '__proto__'),
  value,
  { maxKeys: 5 },
);
const encode = (entries: Record<string, string>) => new URLSearchParams(entries).toString();

describe('fuzzing GET /api/admin/v2/usage', () => {
  it(`answers exactly what the schema accepts, never 5xx (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(queryEntries, async (entries) => {
        const path = `/api/admin/v2/usage?${encode(entries)}`;
        const response = await send(server, 'GET', path, { token: viewer });
        expect(response.status, path).toBeLessThan(500);
        const parsed = acceptedQuery(adminUsageQuerySchema, entries);
        const accepted = parsed.success;
        if (response.status === 200) {
          expect(accepted, path).toBe(true);
          const rows = response.json as AdminUsageRow[];
          expect(Array.isArray(rows)).toBe(true);
          if (parsed.success) {
            const query = parsed.data;
            expect(rows.length).toBeLessThanOrEqual(query.limit);
            if (query.status?.length)
              expect(rows.every((row) => query.status?.includes(row.status))).toBe(true);
            if (query.type?.length) expect(rows.every((row) => query.type?.includes(row.type))).toBe(true);
            if (query.month) expect(rows.every((row) => row.period === query.month)).toBe(true);
          }
        } else {
          expectProblem(response);
          expect([response.status, accepted], path).toEqual([400, false]);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);

  it('refuses a NUL in every parameter with a 400 on that field', async () => {
    for (const key of ['month', 'q', 'status', 'type', 'over_quota', 'limit', 'cursor']) {
      const response = await send(server, 'GET', `/api/admin/v2/usage?${key}=a%00b`, { token: viewer });
      expectProblem(response);
      expect(
        [response.status, (response.json as Problem).errors?.map((e) => e.field).join(' ')],
        key,
      ).toEqual([400, expect.stringContaining(key)]);
    }
  });

  it('refuses forged cursors and the cursors of other lists', async () => {
    const desk = await send(server, 'GET', '/api/admin/v2/tickets?limit=1', { token: viewer });
    const foreign = /cursor=([^&>]+)/.exec(desk.headers.get('link') ?? '')?.[1];
    expect(foreign).toBeDefined();
    const own = await send(server, 'GET', '/api/admin/v2/usage?limit=1', { token: viewer });
    const genuine = /cursor=([^&>]+)/.exec(own.headers.get('link') ?? '')?.[1] ?? '';
    const [payload, mac] = decodeURIComponent(genuine).split('.');
    // The genuine payload with another row's key: the signature no longer fits.
    const altered = `${Buffer.from(JSON.stringify([0, 100, 'A', 1])).toString('base64url')}.${mac}`;
    for (const cursor of [
      foreign,
      'x',
      'a.b',
      `${payload}.${'A'.repeat(22)}`,
      altered,
      `${'a'.repeat(40)}.${'b'.repeat(22)}`,
      'W10.AAAAAAAAAAAAAAAAAAAAAA',
      'a'.repeat(600),
    ]) {
      const response = await send(server, 'GET', `/api/admin/v2/usage?cursor=${cursor}`, { token: viewer });
      expectProblem(response);
      expect([response.status, (response.json as Problem).errors?.[0]?.field], cursor).toEqual([
        400,
        'cursor',
      ]);
    }
    const next = await send(server, 'GET', `/api/admin/v2/usage?limit=1&cursor=${genuine}`, {
      token: viewer,
    });
    expect(next.status).toBe(200);
  });

  it('refuses a repeated month', async () => {
    const response = await send(server, 'GET', '/api/admin/v2/usage?month=2026-10&month=2026-11', {
      token: viewer,
    });
    expect(response.status).toBe(400);
  });
});
