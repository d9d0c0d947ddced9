import { type Trends, trendsQuerySchema } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Fuzzing of the trends query (issue 11): server ids with slashes, `..`, encoded slashes and odd
 * characters, huge, reversed and malformed ranges, unknown graph types, widths of 0 and huge. The
 * oracle is the contract: a query the shared schema refuses answers 400 naming the field; one it
 * accepts answers 200, or 404 for a server that is not the customer's. Nothing answers 5xx. Runs as
 * technical-viewer of 1001 against the run's shared database (the route only reads).
 */
const base = '/api/v2/customer/1001';
const OWN = 'virtual-machines/1';
const RUNS = 300;

let server: TestServer;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await tokenSource(server)('technical-viewer');
});
afterAll(async () => server?.close());

const serverIds = fc.oneof(
  fc.constantFrom(
    OWN,
    'virtual-machines/3',
    'devices/5',
    'virtual-machines/13',
    'devices/..',
    'devices/.',
    '../devices/1',
    'devices/../virtual-machines/1',
    'devices%2F1',
    'devices%252F1',
    'devices/1/2',
    'devices/',
    '/devices/1',
    'racks/1',
    'devices/1 ',
    'devices/\u0000',
    'devices/🙂',
    `devices/${'9'.repeat(120)}`,
    'devices/2147483647',
    'devices/2147483648',
    'virtual-machines/01',
    'virtual-machines/gk-web01',
    'prefixes/10.20.0.0/24',
  ),
  fc.string({ maxLength: 40 }),
  fc
    .array(fc.constantFrom(OWN, 'virtual-machines/3', 'devices/..', 'x'), { maxLength: 25 })
    .map((list) => list.join(',')),
);
const instants = fc.oneof(
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  fc.constantFrom(
    '2026-11-01',
    'yesterday',
    '',
    '2026-02-31T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '2026-11-01T00:00:00+14:00',
    '0',
    '1e309',
  ),
  fc.string({ maxLength: 30 }),
);
const graphs = fc.oneof(
  fc.constantFrom('cpu', 'memory', 'disk', 'disk_io', 'network', 'load', 'CPU', 'net_in', '', 'cpu,load'),
  fc.string({ maxLength: 12 }),
);
const widths = fc.oneof(
  fc.constantFrom('0', '-1', '10', '9', '4000', '4001', '1e3', '1.5', '99999999999999999999', 'NaN', ''),
  fc.integer({ min: -10, max: 10_000 }).map(String),
);

interface Query {
  server_ids?: string;
  graph?: string;
  from?: string;
  to?: string;
  width?: string;
}
const queries = fc.record<Query>(
  { server_ids: serverIds, graph: graphs, from: instants, to: instants, width: widths },
  { requiredKeys: [] },
);

function url(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${base}/trends?${params.toString()}`;
}

describe('GET trends under fuzzing', () => {
  it('answers 200, 400 per field or 404, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const response = await send(server, 'GET', url(query), { token: viewer });
        expect(response.status, JSON.stringify(query)).toBeLessThan(500);
        const parsed = trendsQuerySchema.safeParse(query);
        if (!parsed.success) {
          expect(response.status, JSON.stringify(query)).toBe(400);
          const problem = response.json as Problem;
          expect(problem.code).toBe('VALIDATION_FAILED');
          expect(problem.errors?.length).toBeGreaterThan(0);
          return;
        }
        const foreign = parsed.data.server_ids.some(
          (id) => id !== OWN && id !== 'virtual-machines/3' && id !== 'devices/5',
        );
        if (foreign) {
          expect(response.status, JSON.stringify(query)).toBe(404);
          expect((response.json as Problem).code).toBe('SERVER_NOT_FOUND');
          return;
        }
        expect(response.status, JSON.stringify(query)).toBe(200);
        const trends = response.json as Trends;
        expect(trends.timestamps.length).toBeLessThanOrEqual(parsed.data.width);
        for (const series of trends.series) expect(series.values).toHaveLength(trends.timestamps.length);
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['reversed range', { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'to'],
    ['empty range', { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'to'],
    ['huge range', { from: '1970-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }, 'to'],
    ['unknown graph', { graph: 'temperature' }, 'graph'],
    ['width 0', { width: '0' }, 'width'],
    ['huge width', { width: '1000000' }, 'width'],
    [
      'too many servers',
      { server_ids: Array.from({ length: 21 }, (_, n) => `devices/${n + 1}`).join(',') },
      'server_ids',
    ],
    ['a path in a server id', { server_ids: 'devices/../virtual-machines/1' }, 'server_ids'],
    ['an encoded slash', { server_ids: 'devices%2F1' }, 'server_ids'],
    ['no servers', { server_ids: '' }, 'server_ids'],
  ])('%s: 400 naming %s', async (_, change, field) => {
    const query = {
      server_ids: OWN,
      graph: 'cpu',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-02T00:00:00Z',
      width: '100',
      ...change,
    };
    const response = await send(server, 'GET', url(query), { token: viewer });
    expect(response.status).toBe(400);
    const problem = response.json as Problem;
    expect(problem.errors?.map((error) => error.field).join(' ')).toContain(field);
  });
});
