import {
  type CrosscheckMonth,
  type CrosscheckRow,
  crosscheckFigures,
  crosscheckToBill,
  periodOf,
  shiftPeriod,
} from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomers } from '../src/db/seed/demo-data.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type Problem, send } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Crosschecks (decision 0027): rights of every demo user on the three routes, the figures against
 * what the database holds, paging and filters, and the CSV export read back. Only reads: the run's
 * shared database.
 */
const customers = ['owner', 'financial-moderator', 'financial-viewer', 'technical-viewer', 'viewer', 'multi'];
const everyone: (string | null)[] = [...customers, 'staff-viewer', 'staff-moderator', LONER.username, null];
/** Rows a month in the demo: one per bundle, 7 (1001) + 4 (1002) + 2 (1003) + 2 (1004) + 1 (1005). */
const ROWS_A_MONTH = 16;
const previous = shiftPeriod(periodOf(new Date()), -1);

let server: TestServer;
let token: ReturnType<typeof tokenSource>;
let db: pg.Client;

beforeAll(async () => {
  server = await startTestServer();
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.close();
});

const auth = async (username: string | null) => (username === null ? {} : { token: await token(username) });
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;

/** Every page of a month's rows, following the Link header. */
async function allPages(query: string, username = 'staff-viewer') {
  const options = await auth(username);
  const items: CrosscheckRow[] = [];
  let path: string | undefined = `/api/admin/v2/crosschecks/${previous}?${query}`;
  let pages = 0;
  while (path) {
    const response = await send(server, 'GET', path, options);
    expect(response.status, path).toBe(200);
    items.push(...(response.json as CrosscheckRow[]));
    pages++;
    path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return { items, pages };
}

/** RFC 4180 as csv-stringify writes it: quoted fields may hold the delimiter, quotes and line breaks. */
function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === delimiter) {
      endField();
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** What the database holds for a customer's month, summed per usage type as the crosscheck does. */
async function heldFor(customerId: number, month: string) {
  const { rows } = await db.query<{ usage_type: string; unit: string; start: number; used: number }>(
    `select usage_type, unit, period_start_amount as start, used_amount as used
     from usage_entries where customer_id = $1 and period = $2`,
    [customerId, month],
  );
  const sums = new Map<string, { billed: number; used: number; unit: string }>();
  for (const row of rows) {
    const sum = sums.get(row.usage_type) ?? { billed: 0, used: 0, unit: row.unit };
    sum.billed += row.start;
    sum.used += row.used;
    sums.set(row.usage_type, sum);
  }
  return [...sums].map(([subtype, sum]) => ({
    subtype,
    unit: sum.unit,
    billed: sum.billed.toFixed(2),
    used: sum.used.toFixed(2),
  }));
}

describe.each(everyone)('crosscheck routes as %s', (username) => {
  const staff = username?.startsWith('staff-') ?? false;
  const moderator = username === 'staff-moderator';

  it(staff ? 'reads the months and the detail' : 'refuses the months and the detail', async () => {
    const options = await auth(username);
    const paths = ['/api/admin/v2/crosschecks', `/api/admin/v2/crosschecks/${previous}`];
    const responses = await Promise.all(paths.map((path) => send(server, 'GET', path, options)));
    const expected = username === null ? 401 : staff ? 200 : 403;
    expect(responses.map((response) => response.status)).toEqual([expected, expected]);
    if (!staff) {
      expect(responses.map(code)).toEqual(
        paths.map(() => (username === null ? 'UNAUTHENTICATED' : 'FORBIDDEN')),
      );
      return;
    }
    expect(responses[0]?.json as CrosscheckMonth[]).toHaveLength(13);
    expect(responses[1]?.json as CrosscheckRow[]).toHaveLength(ROWS_A_MONTH);
  });

  it(moderator ? 'exports a subtype' : 'refuses the export', async () => {
    const response = await send(
      server,
      'GET',
      `/api/admin/v2/crosschecks/${previous}/export?subtype=manhour`,
      await auth(username),
    );
    const expected = username === null ? 401 : moderator ? 200 : 403;
    expect(response.status).toBe(expected);
    if (moderator) expect(response.headers.get('content-type')).toContain('text/csv');
    else expect(code(response)).toBe(username === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
  });
});

describe('the figures', () => {
  it('list every month that holds usage with its counts, equal to the detail', async () => {
    const response = await send(server, 'GET', '/api/admin/v2/crosschecks', await auth('staff-viewer'));
    const months = response.json as CrosscheckMonth[];
    expect(months.map((month) => month.month)).toEqual(
      Array.from({ length: 13 }, (_, index) => shiftPeriod(periodOf(new Date()), -index)),
    );
    const last = months.find((month) => month.month === previous);
    const { items } = await allPages('limit=100');
    expect(last).toEqual({
      month: previous,
      customers: 5,
      rows: ROWS_A_MONTH,
      differences: items.filter((row) => row.status !== 'match').length,
      subtypes: [...new Set(items.map((row) => row.subtype))].sort(),
    });
    const one = await send(
      server,
      'GET',
      `/api/admin/v2/crosschecks?month=${previous}`,
      await auth('staff-viewer'),
    );
    expect(one.json).toEqual([last]);
    const none = await send(
      server,
      'GET',
      '/api/admin/v2/crosschecks?month=1999-01',
      await auth('staff-viewer'),
    );
    expect(none.json).toEqual([]);
  });

  it.each([1001, 1002, 1003])('equal what the database holds for customer %i', async (customerId) => {
    const { items } = await allPages(`q=${customerId}`);
    const held = await heldFor(customerId, previous);
    expect(held.length).toBeGreaterThan(0);
    const name = demoCustomers.find((customer) => customer.customerId === customerId)?.displayName;
    expect(
      items.map(({ customer_id, customer_name, subtype, unit, billed, used }) => ({
        customer_id,
        customer_name,
        subtype,
        unit,
        billed,
        used,
      })),
    ).toEqual(
      held
        .sort((a, b) => (a.subtype < b.subtype ? -1 : 1))
        .map((row) => ({ customer_id: customerId, customer_name: name, ...row })),
    );
    for (const row of items) expect(row).toMatchObject(crosscheckFigures(row.billed, row.used));
  });

  it('flag the demo differences: over quota is under-billed, untouched hours unused', async () => {
    const { items } = await allPages('subtype=manhour');
    const status = (customerId: number) => items.find((row) => row.customer_id === customerId)?.status;
    expect(status(1002)).toBe('under_billed');
    expect(status(1003)).toBe('unused');
    expect(items.every((row) => row.subtype === 'manhour')).toBe(true);
  });

  it('filter by status in SQL exactly as contracts decide', async () => {
    const { items: all } = await allPages('limit=100');
    for (const status of ['under_billed', 'unbilled', 'unused', 'match'] as const) {
      const { items } = await allPages(`status=${status}&limit=3`);
      expect(items, status).toEqual(all.filter((row) => row.status === status));
    }
    const { items: differences } = await allPages('status=under_billed,unbilled,unused');
    expect(differences).toEqual(all.filter((row) => row.status !== 'match'));
  });

  it('page with the Link header: 5 a page gives 4 pages of the 16, in order, none twice', async () => {
    const { items: all } = await allPages('limit=100');
    const { items, pages } = await allPages('limit=5');
    expect(pages).toBe(4);
    expect(items).toEqual(all);
    const names = all.map((row) => `${row.customer_name}/${row.customer_id}/${row.subtype}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(names).size).toBe(ROWS_A_MONTH);
  });

  it('answer an empty list for a month without usage', async () => {
    const response = await send(
      server,
      'GET',
      '/api/admin/v2/crosschecks/1999-01',
      await auth('staff-viewer'),
    );
    expect([response.status, response.json]).toEqual([200, []]);
  });

  it('refuse a bad month, filter and cursor with a 400 on the field', async () => {
    const options = await auth('staff-moderator');
    for (const [path, field] of [
      ['/api/admin/v2/crosschecks?month=2026-13', 'month'],
      ['/api/admin/v2/crosschecks/2026-1', 'month'],
      ['/api/admin/v2/crosschecks/2026-00/export?subtype=manhour', 'month'],
      [`/api/admin/v2/crosschecks/${previous}?status=late`, 'status'],
      [`/api/admin/v2/crosschecks/${previous}?subtype=Man%20hour`, 'subtype'],
      [`/api/admin/v2/crosschecks/${previous}?cursor=abc.def`, 'cursor'],
      [`/api/admin/v2/crosschecks/${previous}/export`, 'subtype'],
      [`/api/admin/v2/crosschecks/${previous}/export?subtype=manhour&language=de`, 'language'],
    ] as const) {
      const response = await send(server, 'GET', path, options);
      const problem = response.json as Problem;
      expect([response.status, problem.errors?.map((error) => error.field).join(' ')], path).toEqual([
        400,
        expect.stringContaining(field),
      ]);
    }
  });
});

describe('the CSV export', () => {
  it.each([
    ['en', ',', '.'],
    ['nl', ';', ','],
  ] as const)('in %s parses back to the figures of the detail', async (language, delimiter, decimalMark) => {
    const options = await auth('staff-moderator');
    const response = await send(
      server,
      'GET',
      `/api/admin/v2/crosschecks/${previous}/export?subtype=manhour&language=${language}`,
      options,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="crosscheck-${previous}-manhour-${language}.csv"`,
    );
    let text = response.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    text = text.replace(/^\uFEFF/, '');
    const [header, ...records] = parseCsv(text, delimiter);
    expect(header).toHaveLength(11);
    const { items } = await allPages('subtype=manhour');
    expect(records).toHaveLength(items.length);
    const number = (value: string | undefined) => (value ?? '').replace(decimalMark, '.');
    const accounting = new Map(
      demoCustomers.map((customer) => [
        customer.customerId,
        customer.links.find((link) => link.type === 'accounting')?.identifier ?? '',
      ]),
    );
    expect(
      records.map((record) => ({
        month: record[0],
        customer_id: Number(record[1]),
        accounting_id: record[2],
        customer_name: record[3],
        subtype: record[4],
        unit: record[5],
        billed: number(record[6]),
        used: number(record[7]),
        difference: number(record[8]),
        to_bill: number(record[9]),
        status: record[10],
      })),
    ).toEqual(
      items.map((row) => ({
        month: previous,
        customer_id: row.customer_id,
        accounting_id: accounting.get(row.customer_id),
        customer_name: row.customer_name,
        subtype: row.subtype,
        unit: row.unit,
        billed: row.billed,
        used: row.used,
        difference: row.difference,
        to_bill: crosscheckToBill(row.billed, row.used),
        status: row.status,
      })),
    );
  });

  it('is written to the audit log, by whom and of which month and subtype', async () => {
    const { rows } = await db.query<{ actor_name: string; customer_id: number | null; summary: string }>(
      `select actor_name, customer_id, summary from audit_events
       where action = 'crosscheck.export' and object = $1 order by at`,
      [`${previous}/manhour`],
    );
    // The two language exports above, and the matrix's moderator export.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.customer_id === null && row.actor_name !== '')).toBe(true);
    expect(rows.map((row) => row.summary)).toContain('CSV (nl) of 4 customers');
  });

  it('holds the header only for a subtype without rows', async () => {
    const response = await send(
      server,
      'GET',
      `/api/admin/v2/crosschecks/${previous}/export?subtype=nothing_here`,
      await auth('staff-moderator'),
    );
    expect(response.status).toBe(200);
    expect(parseCsv(response.bytes.toString('utf8'), ',')).toHaveLength(1);
  });
});
