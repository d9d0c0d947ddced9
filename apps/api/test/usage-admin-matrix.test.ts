import {
  type AdminUsageRow,
  periodOf,
  shiftPeriod,
  type UsageStatus,
  usageDisplay,
} from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomers } from '../src/db/seed/demo-data.ts';
import { buildDemoUsage, demoBundles } from '../src/modules/usage/usage.seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Usage of all customers (GET /api/admin/v2/usage) as a matrix: every demo user, the loner and
 * anonymous, with exact status codes; for staff the exact rows of the demo seed, in the list's order,
 * and its filters and paging. Only staff reach the route (global usage-read): customers get 403,
 * whatever they hold in their own customer. The route only reads, so this file uses the run's
 * shared database.
 */
const customers = ['owner', 'financial-moderator', 'financial-viewer', 'technical-viewer', 'viewer', 'multi'];
const everyone: (string | null)[] = [...customers, 'staff-viewer', 'staff-moderator', LONER.username, null];
/** Bundles a month in the demo: 7 (1001) + 4 (1002) + 2 (1003) + 2 (1004) + 1 (1005). */
const ROWS_A_MONTH = 16;

const current = periodOf(new Date());
const previous = shiftPeriod(current, -1);

interface Expected {
  customerId: number;
  customerName: string;
  usageType: string;
  status: UsageStatus;
  usedPercent: number;
  overQuota: boolean;
  type: string;
  /** The bundle's place in the seed: entry ids follow it within a customer and period. */
  order: number;
}

/** The seed's rows of a month with the status contracts gives them, in the list's order. */
function expectedRows(period: string): Expected[] {
  const names = new Map(demoCustomers.map((customer) => [customer.customerId, customer.displayName]));
  const rows = buildDemoUsage(new Date()).filter((row) => row.period === period);
  return rows
    .map((row) => {
      const display = usageDisplay({
        periodStartAmount: row.periodStartAmount,
        remainingAmount: row.remainingAmount,
        usedAmount: row.usedAmount,
        overusageAmount: row.overusageAmount ?? 0,
      });
      return {
        customerId: row.customerId,
        customerName: names.get(row.customerId) ?? '',
        usageType: row.usageType,
        status: display.status,
        usedPercent: display.usedPercent,
        overQuota: (row.overusageAmount ?? 0) > 0,
        type: row.type,
        order:
          row.customerId * 100 +
          (demoBundles[row.customerId]?.findIndex((bundle) => bundle.usageType === row.usageType) ?? 0),
      };
    })
    .sort(
      (a, b) =>
        Number(b.overQuota) - Number(a.overQuota) ||
        b.usedPercent - a.usedPercent ||
        (a.customerName < b.customerName ? -1 : a.customerName > b.customerName ? 1 : 0) ||
        a.order - b.order,
    );
}

const keyOf = (row: { customerId: number; usageType: string }) => `${row.customerId}/${row.usageType}`;
const keysOf = (rows: AdminUsageRow[]) =>
  rows.map((row) => keyOf({ customerId: row.customer_id, usageType: row.usage_type }));

let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (username: string | null) => (username === null ? {} : { token: await token(username) });
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const isStaff = (username: string | null) => username?.startsWith('staff-') ?? false;

/** Every page of the list for a query, following the Link header. */
async function allPages(username: string, query: string) {
  const options = await auth(username);
  const items: AdminUsageRow[] = [];
  let path: string | undefined = `/api/admin/v2/usage?${query}`;
  let pages = 0;
  while (path) {
    const response = await send(server, 'GET', path, options);
    expect(response.status, path).toBe(200);
    items.push(...(response.json as AdminUsageRow[]));
    pages++;
    path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return { items, pages };
}

describe('the seed behind the literal counts', () => {
  it(`has ${ROWS_A_MONTH} bundles a month over 5 customers, some over quota`, () => {
    for (const period of [current, previous]) {
      const rows = expectedRows(period);
      expect(rows).toHaveLength(ROWS_A_MONTH);
      expect(
        [1001, 1002, 1003, 1004, 1005].map((id) => rows.filter((r) => r.customerId === id).length),
      ).toEqual([7, 4, 2, 2, 1]);
    }
    // 1002's support hours are over quota in every full month (1.6 × at least 0.65 of the bundle).
    expect(expectedRows(previous).find((row) => keyOf(row) === '1002/manhour')?.overQuota).toBe(true);
  });
});

describe.each(everyone)('GET /api/admin/v2/usage: %s', (username) => {
  const staff = isStaff(username);

  it(staff ? 'answers 200 with every bundle of the month, in order' : 'is refused', async () => {
    const options = await auth(username);
    const paths = ['/api/admin/v2/usage', `/api/admin/v2/usage?month=${previous}&status=error`];
    const responses = await Promise.all(paths.map((path) => send(server, 'GET', path, options)));
    const expected = username === null ? 401 : staff ? 200 : 403;
    expect(responses.map((response) => response.status)).toEqual([expected, expected]);
    if (!staff) {
      expect(responses.map(code)).toEqual(
        paths.map(() => (username === null ? 'UNAUTHENTICATED' : 'FORBIDDEN')),
      );
      return;
    }
    const [all, errors] = responses.map((response) => response.json as AdminUsageRow[]);
    expect(all).toHaveLength(ROWS_A_MONTH);
    expect(keysOf(all ?? [])).toEqual(expectedRows(current).map(keyOf));
    expect(responses[0]?.headers.get('link')).toBeNull();
    expect(keysOf(errors ?? [])).toEqual(
      expectedRows(previous)
        .filter((row) => row.status === 'error')
        .map(keyOf),
    );
  });
});

describe('as the staff viewer', () => {
  it('writes each row as the customer usage screen does: its customer, amounts, percentage and status', async () => {
    const rows = (
      await send(server, 'GET', `/api/admin/v2/usage?month=${previous}&limit=100`, {
        token: await token('staff-viewer'),
      })
    ).json as AdminUsageRow[];
    const seed = buildDemoUsage(new Date()).filter((row) => row.period === previous);
    for (const row of rows) {
      const source = seed.find(
        (entry) => entry.customerId === row.customer_id && entry.usageType === row.usage_type,
      );
      expect(source, keyOf({ customerId: row.customer_id, usageType: row.usage_type })).toBeDefined();
      const display = usageDisplay({
        periodStartAmount: row.period_start_amount,
        remainingAmount: row.remaining_amount,
        usedAmount: row.used_amount,
        overusageAmount: row.overusage_amount,
      });
      expect(row).toMatchObject({
        period: previous,
        customer_name: demoCustomers.find((customer) => customer.customerId === row.customer_id)?.displayName,
        type: source?.type,
        subtype: source?.subtype,
        unit: source?.unit,
        renews: source?.renews,
        period_start_amount: source?.periodStartAmount,
        remaining_amount: source?.remainingAmount,
        used_amount: source?.usedAmount,
        overusage_amount: source?.overusageAmount,
        used_percent: display.usedPercent,
        status: display.status,
      });
    }
  });

  it('pages with the Link header: 5 a page gives 4 pages of the 16, none twice', async () => {
    const { items, pages } = await allPages('staff-viewer', `month=${previous}&limit=5`);
    expect(pages).toBe(4);
    expect(keysOf(items)).toEqual(expectedRows(previous).map(keyOf));
    expect(new Set(items.map((item) => item.id)).size).toBe(ROWS_A_MONTH);
  });

  it('pages through a filter too, keeping it in the next link', async () => {
    const { items } = await allPages('staff-viewer', `month=${previous}&status=warning,success&limit=2`);
    expect(keysOf(items)).toEqual(
      expectedRows(previous)
        .filter((row) => row.status !== 'error')
        .map(keyOf),
    );
  });

  it.each([
    ['q=gouden', (row: Expected) => row.customerId === 1001],
    ['q=GOUDEN%20korst', (row: Expected) => row.customerId === 1001],
    ['q=1002', (row: Expected) => row.customerId === 1002],
    ['q=ltd', (row: Expected) => row.customerId === 1002 || row.customerId === 1004],
    ['q=%25', () => false],
    ['q=_', () => false],
    ['q=100', () => false],
    ['type=hours', (row: Expected) => row.type === 'hours'],
    ['type=storage,observe', (row: Expected) => row.type === 'storage' || row.type === 'observe'],
    ['over_quota=true', (row: Expected) => row.overQuota],
    ['over_quota=false', (row: Expected) => !row.overQuota],
    ['status=error&type=hours', (row: Expected) => row.status === 'error' && row.type === 'hours'],
  ])('filters %s exactly', async (query, keep) => {
    const { items } = await allPages('staff-moderator', `month=${previous}&${query}`);
    expect(keysOf(items)).toEqual(expectedRows(previous).filter(keep).map(keyOf));
  });

  it('answers an empty page for a month without usage', async () => {
    const response = await send(server, 'GET', '/api/admin/v2/usage?month=2001-01', {
      token: await token('staff-viewer'),
    });
    expect([response.status, response.json]).toEqual([200, []]);
  });
});
