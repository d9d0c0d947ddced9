import {
  type AdminUsageRow,
  type UsageStatus,
  usageDisplay,
  usageStatus,
  usageStatuses,
  usedPercentage,
} from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * The status filter of usage of all customers against contracts' rules (SPEC.md §4): the SQL that
 * filters and sorts must put every bundle where usedPercentage and usageStatus put it, at the
 * boundaries too (40 and 90 %, halves that round up, a period start of 0, over-usage, more left than
 * the bundle held, amounts far beyond an int). The bundles are written into a month of their own in
 * a database of this file's own; the oracle is contracts, the table only picks the cases.
 */
const MONTH = '1999-07';
const CUSTOMER = 1006;

interface Case {
  name: string;
  start: number;
  remaining: number;
  used: number;
  over: number;
}

const cases: Case[] = [
  { name: 'nothing_no_bundle', start: 0, remaining: 0, used: 0, over: 0 },
  { name: 'used_no_bundle', start: 0, remaining: 0, used: 3, over: 3 },
  { name: 'untouched', start: 10, remaining: 10, used: 0, over: 0 },
  { name: 'exactly_40', start: 10, remaining: 6, used: 4, over: 0 },
  { name: 'half_to_41', start: 1000, remaining: 595, used: 405, over: 0 },
  { name: 'rounds_to_40', start: 1000, remaining: 596, used: 404, over: 0 },
  { name: 'two_thirds', start: 3, remaining: 1, used: 2, over: 0 },
  { name: 'exactly_90', start: 10, remaining: 1, used: 9, over: 0 },
  { name: 'half_to_91', start: 1000, remaining: 95, used: 905, over: 0 },
  { name: 'rounds_to_90', start: 1000, remaining: 96, used: 904, over: 0 },
  { name: 'used_up', start: 10, remaining: 0, used: 10, over: 0 },
  { name: 'over_quota', start: 10, remaining: 0, used: 12.5, over: 2.5 },
  { name: 'over_with_rest', start: 10, remaining: 4, used: 7, over: 1 },
  { name: 'more_left_than_held', start: 10, remaining: 15, used: 0, over: 0 },
  { name: 'minus_half', start: 200, remaining: 201, used: 0, over: 0 },
  { name: 'far_beyond_int', start: 1, remaining: 1e12, used: 0, over: 0 },
  { name: 'tiny_bundle', start: 0.01, remaining: 0.0005, used: 0.0095, over: 0 },
];

const contractsStatus = (entry: Case): UsageStatus =>
  usageStatus(
    usedPercentage({
      periodStartAmount: entry.start,
      remainingAmount: entry.remaining,
      usedAmount: entry.used,
      overusageAmount: entry.over,
    }),
  );

let server: TicketsServer;
let viewer: string;

beforeAll(async () => {
  server = await startTicketsServer('usagestatus');
  viewer = await tokenSource(server)('staff-viewer');
  for (const entry of cases) {
    await server.sql.query(
      `insert into usage_entries (customer_id, period, type, subtype, unit, usage_type, period_start_amount,
         remaining_amount, used_amount, overusage_amount, renews)
       values ($1, $2, 'storage', 'block', 'GiB', $3, $4, $5, $6, $7, true)`,
      [CUSTOMER, MONTH, entry.name, entry.start, entry.remaining, entry.used, entry.over],
    );
  }
});
afterAll(async () => server?.close());

async function list(query: string) {
  const response = await send(server, 'GET', `/api/admin/v2/usage?month=${MONTH}&limit=100&${query}`, {
    token: viewer,
  });
  expect(response.status, query).toBe(200);
  return response.json as AdminUsageRow[];
}

describe('the cases', () => {
  it('cover every status and both sides of each bound', () => {
    const statuses = cases.map(contractsStatus);
    expect(new Set(statuses)).toEqual(new Set(usageStatuses));
    const byName = Object.fromEntries(cases.map((entry) => [entry.name, contractsStatus(entry)]));
    expect(byName).toMatchObject({
      exactly_40: 'success',
      half_to_41: 'warning',
      rounds_to_40: 'success',
      exactly_90: 'warning',
      half_to_91: 'error',
      rounds_to_90: 'warning',
      far_beyond_int: 'success',
    });
  });
});

describe('GET /api/admin/v2/usage?status=', () => {
  const filters: UsageStatus[][] = [
    ['error'],
    ['warning'],
    ['success'],
    ['error', 'warning'],
    ['warning', 'success'],
    ['error', 'success'],
    [...usageStatuses],
  ];

  it.each(filters.map((statuses) => [statuses.join(','), statuses] as const))(
    '%s keeps exactly the bundles contracts gives that status',
    async (query, statuses) => {
      const rows = await list(`status=${query}`);
      expect(rows.map((row) => row.usage_type).sort()).toEqual(
        cases
          .filter((entry) => statuses.includes(contractsStatus(entry)))
          .map((entry) => entry.name)
          .sort(),
      );
      expect(rows.every((row) => statuses.includes(row.status))).toBe(true);
    },
  );

  it('answers the percentage and status of contracts, and sorts by them: over quota, then fullest first', async () => {
    const rows = await list('');
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const display = usageDisplay({
        periodStartAmount: row.period_start_amount,
        remainingAmount: row.remaining_amount,
        usedAmount: row.used_amount,
        overusageAmount: row.overusage_amount,
      });
      expect([row.usage_type, row.used_percent, row.status]).toEqual([
        row.usage_type,
        // JSON writes Math.round's -0 (a little more left than held) as 0.
        display.usedPercent + 0,
        display.status,
      ]);
    }
    const key = (row: AdminUsageRow) => [row.overusage_amount > 0 ? 0 : 1, -row.used_percent] as const;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1] as AdminUsageRow), key(rows[i] as AdminUsageRow)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${rows[i]?.usage_type}`).toBe(true);
    }
    expect(
      rows
        .slice(0, 3)
        .map((row) => row.usage_type)
        .sort(),
    ).toEqual(['over_quota', 'over_with_rest', 'used_no_bundle'].sort());
  });

  it('pages one by one through the ties in the same order', async () => {
    const all = await list('');
    const paged: AdminUsageRow[] = [];
    let path: string | undefined = `/api/admin/v2/usage?month=${MONTH}&limit=1`;
    while (path) {
      const response = await send(server, 'GET', path, { token: viewer });
      expect(response.status, path).toBe(200);
      paged.push(...(response.json as AdminUsageRow[]));
      path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    expect(paged.map((row) => row.id)).toEqual(all.map((row) => row.id));
  });
});
