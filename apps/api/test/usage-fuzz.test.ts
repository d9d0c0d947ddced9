import { type Usage, usageQuerySchema } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Fuzzing of the usage query: months out of range, other date shapes, odd characters. The oracle is
 * the contract: a query the shared schema refuses answers 400 naming `period`; one it accepts answers
 * 200 with that month. Nothing answers 5xx. Runs as owner of 1001 on the run's shared database.
 */
let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

const periods = fc.oneof(
  fc.constantFrom(
    '2026-10',
    '2026-13',
    '2026-00',
    '2026-1',
    '26-10',
    '2026-10-01',
    '2026/10',
    ' 2026-10',
    '2026-10\u0000',
    '９９９９-10',
    '',
    '0000-01',
    '9999-12',
    '2026-10,2026-11',
  ),
  fc
    .integer({ min: 1990, max: 2100 })
    .chain((year) =>
      fc.integer({ min: -1, max: 14 }).map((month) => `${year}-${String(month).padStart(2, '0')}`),
    ),
  fc.string({ maxLength: 20 }),
);

describe('GET usage under fuzzing', () => {
  it('answers 200 for a month, 400 on period otherwise, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(periods, async (period) => {
        const response = await send(
          server,
          'GET',
          `/api/v2/customer/1001/usage?${new URLSearchParams({ period }).toString()}`,
          { token: owner },
        );
        const label = JSON.stringify(period);
        expect(response.status, label).toBeLessThan(500);
        const parsed = usageQuerySchema.safeParse({ period });
        if (!parsed.success) {
          expect(response.status, label).toBe(400);
          const problem = response.json as Problem;
          expect(problem.code).toBe('VALIDATION_FAILED');
          expect(problem.errors?.map((error) => error.field).join(' ')).toContain('period');
          return;
        }
        expect(response.status, label).toBe(200);
        expect((response.json as Usage).period).toBe(period);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a repeated period and unknown fields do not matter', async () => {
    const repeated = await send(server, 'GET', '/api/v2/customer/1001/usage?period=2026-10&period=2026-11', {
      token: owner,
    });
    expect(repeated.status).toBe(400);
    const extra = await send(server, 'GET', '/api/v2/customer/1001/usage?foo=bar', { token: owner });
    expect(extra.status).toBe(200);
  });
});
