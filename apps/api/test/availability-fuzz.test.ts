import { type ApplicationChecks, applicationParamsSchema, checksQuerySchema } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Fuzzing of the checks route: application ids of every shape, unknown ranges, widths of 0 and huge.
 * The oracle is the contract: what the shared schemas refuse answers 400 naming the field; an
 * accepted id of another customer (or none) answers 404; the customer's own answers 200 with at most
 * `width` buckets. Nothing answers 5xx. Runs as technical-viewer of 1001 on the shared database.
 */
const OWN = new Set([1, 2, 3]);

let server: TestServer;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await tokenSource(server)('technical-viewer');
});
afterAll(async () => server?.close());

const ids = fc.oneof(
  fc.constantFrom('1', '2', '3', '4', '6', '0', '-1', '1.5', '1e3', '01', ' 1', '%2F1', '2147483648', 'abc'),
  fc.integer({ min: -5, max: 50 }).map(String),
  // `.` and `..` are path segments the URL resolves before the router: not an id at all.
  fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value !== '.' && value !== '..'),
);
const ranges = fc.oneof(
  fc.constantFrom('last24h', 'currentMonth', 'lastPeriod', 'LAST24H', 'custom', '', 'last24h,currentMonth'),
  fc.string({ maxLength: 12 }),
);
const widths = fc.oneof(
  fc.constantFrom('10', '9', '2000', '2001', '0', '-1', '1.5', 'NaN', '', '1e2', '99999999999999999999'),
  fc.integer({ min: -10, max: 3000 }).map(String),
);

describe('GET applications/{id}/checks under fuzzing', () => {
  it('answers 200, 400 per field or 404, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        ids,
        fc.record({ range: ranges, width: widths }, { requiredKeys: [] }),
        async (id, query) => {
          const params = new URLSearchParams(query as Record<string, string>);
          const url = `/api/v2/customer/1001/applications/${encodeURIComponent(id)}/checks?${params.toString()}`;
          const response = await send(server, 'GET', url, { token: viewer });
          const label = JSON.stringify({ id, query });
          expect(response.status, label).toBeLessThan(500);
          const path = applicationParamsSchema.safeParse({ customer_id: '1001', application_id: id });
          const parsed = checksQuerySchema.safeParse(query);
          if (!path.success || !parsed.success) {
            expect(response.status, label).toBe(400);
            expect((response.json as Problem).code).toBe('VALIDATION_FAILED');
            return;
          }
          if (!OWN.has(path.data.application_id)) {
            expect(response.status, label).toBe(404);
            expect((response.json as Problem).code).toBe('APPLICATION_NOT_FOUND');
            return;
          }
          expect(response.status, label).toBe(200);
          const checks = response.json as ApplicationChecks;
          expect(checks.timestamps.length).toBeLessThanOrEqual(parsed.data.width + 1);
          expect(checks.latency_ms).toHaveLength(checks.timestamps.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
