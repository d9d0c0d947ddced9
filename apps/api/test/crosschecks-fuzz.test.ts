import {
  type CrosscheckRow,
  crosscheckExportQuerySchema,
  crosscheckFigures,
  crosscheckQuerySchema,
  crosscheckStatuses,
  usagePeriodSchema,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedQuery, expectProblem } from './fuzz-support.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the crosscheck routes: months in the path, statuses, subtypes, search
 * texts, paging, and the export's subtype and language. The oracle is the contract: what the shared
 * schemas accept is answered 200 (and the rows obey the filters and contracts' rule), anything else is
 * a 400 problem; nothing answers 5xx. Runs as the staff moderator on the run's shared database.
 */
const RUNS = 250;

let server: TestServer;
let moderator: string;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await tokenSource(server)('staff-moderator');
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
  '_',
  '\\',
  "'; drop table usage_entries; --",
  '__proto__',
  'NaN',
  '1e309',
  '1001',
  '99999999999',
  '-1',
);
const months = fc.constantFrom(
  '2026-10',
  '2026-13',
  '2026-00',
  '1999-07',
  '2026-1',
  '2026/10',
  '9999-12',
  '0000-01',
  '..',
  '%2e%2e',
  'export',
);

const value = fc.oneof(
  oddStrings,
  months,
  fc.constantFrom(
    ...crosscheckStatuses,
    'under_billed,unused',
    'match,',
    ',',
    'late',
    'manhour',
    'storage',
    'Manhour',
    'observe_series',
    'en',
    'nl',
    'de',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 0, max: 300 }).map((length) => 'a'.repeat(length)),
  fc.integer().map(String),
);

const queryEntries = fc.dictionary(
  fc.constantFrom('status', 'subtype', 'q', 'limit', 'cursor', 'language', 'x', '__proto__'),
  value,
  { maxKeys: 5 },
);
const encode = (entries: Record<string, string>) => new URLSearchParams(entries).toString();

describe('fuzzing GET /api/admin/v2/crosschecks/{month}', () => {
  it(`answers exactly what the schemas accept, never 5xx (${RUNS} runs)`, async () => {
    const previous = new Date();
    previous.setUTCMonth(previous.getUTCMonth() - 1, 1);
    const known = previous.toISOString().slice(0, 7);
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(months, fc.constant(known)), queryEntries, async (month, entries) => {
        const path = `/api/admin/v2/crosschecks/${encodeURIComponent(month)}?${encode(entries)}`;
        const response = await send(server, 'GET', path, { token: moderator });
        expect(response.status, path).toBeLessThan(500);
        const parsed = acceptedQuery(crosscheckQuerySchema, entries);
        const accepted = usagePeriodSchema.safeParse(month).success && parsed.success;
        // A cursor this list never handed out is refused even when the schema takes its shape (an empty one is none).
        const forged = parsed.success && Boolean(parsed.data.cursor);
        if (response.status === 200) {
          expect([accepted, forged], path).toEqual([true, false]);
          answered++;
          const rows = response.json as CrosscheckRow[];
          if (!parsed.success) return;
          const query = parsed.data;
          expect(rows.length).toBeLessThanOrEqual(query.limit);
          for (const row of rows) {
            expect(row).toMatchObject(crosscheckFigures(row.billed, row.used));
            if (query.status?.length) expect(query.status).toContain(row.status);
            if (query.subtype) expect(row.subtype).toBe(query.subtype);
          }
        } else if (response.status === 404) {
          // A month that is not a path segment of its own ('..', 'export') leaves the route.
          expect(usagePeriodSchema.safeParse(month).success, path).toBe(false);
        } else {
          expectProblem(response);
          expect([response.status, accepted && !forged], path).toEqual([400, false]);
        }
      }),
      { numRuns: RUNS },
    );
    // The property says nothing about rows unless some queries are accepted: about 1 in 5 are (55 of 250 in three runs), the floor far below.
    expect(answered).toBeGreaterThan(RUNS / 40);
  }, 180_000);

  it(`answers the export exactly as its schema accepts, never 5xx (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(months, queryEntries, async (month, entries) => {
        const path = `/api/admin/v2/crosschecks/${encodeURIComponent(month)}/export?${encode(entries)}`;
        const response = await send(server, 'GET', path, { token: moderator });
        expect(response.status, path).toBeLessThan(500);
        const accepted =
          usagePeriodSchema.safeParse(month).success &&
          acceptedQuery(crosscheckExportQuerySchema, entries).success;
        if (response.status === 200) {
          expect(accepted, path).toBe(true);
          expect(response.headers.get('content-type')).toContain('text/csv');
        } else if (response.status === 404) {
          expect(usagePeriodSchema.safeParse(month).success, path).toBe(false);
        } else {
          expectProblem(response);
          expect([response.status, accepted], path).toEqual([400, false]);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);

  it('refuses a NUL in every parameter with a 400 on that field', async () => {
    for (const key of ['status', 'subtype', 'q', 'limit', 'cursor']) {
      const response = await send(server, 'GET', `/api/admin/v2/crosschecks/2026-10?${key}=a%00b`, {
        token: moderator,
      });
      expectProblem(response);
      expect(
        [response.status, (response.json as Problem).errors?.map((e) => e.field).join(' ')],
        key,
      ).toEqual([400, expect.stringContaining(key)]);
    }
  });

  it('refuses forged cursors and the cursors of other lists', async () => {
    const usage = await send(server, 'GET', '/api/admin/v2/usage?limit=1', { token: moderator });
    const foreign = /cursor=([^&>]+)/.exec(usage.headers.get('link') ?? '')?.[1];
    expect(foreign).toBeDefined();
    const months = (await send(server, 'GET', '/api/admin/v2/crosschecks', { token: moderator })).json as {
      month: string;
    }[];
    const month = months[1]?.month ?? '';
    const own = await send(server, 'GET', `/api/admin/v2/crosschecks/${month}?limit=1`, { token: moderator });
    const genuine = /cursor=([^&>]+)/.exec(own.headers.get('link') ?? '')?.[1] ?? '';
    const [payload, mac] = decodeURIComponent(genuine).split('.');
    const altered = `${Buffer.from(JSON.stringify(['A', 1, 'manhour', 'hour'])).toString('base64url')}.${mac}`;
    for (const cursor of [foreign, 'x', 'a.b', `${payload}.${'A'.repeat(22)}`, altered, 'a'.repeat(600)]) {
      const response = await send(server, 'GET', `/api/admin/v2/crosschecks/${month}?cursor=${cursor}`, {
        token: moderator,
      });
      expectProblem(response);
      expect([response.status, (response.json as Problem).errors?.[0]?.field], cursor).toEqual([
        400,
        'cursor',
      ]);
    }
    const next = await send(server, 'GET', `/api/admin/v2/crosschecks/${month}?limit=1&cursor=${genuine}`, {
      token: moderator,
    });
    expect(next.status).toBe(200);
    expect(next.json as CrosscheckRow[]).toHaveLength(1);
  });
});
