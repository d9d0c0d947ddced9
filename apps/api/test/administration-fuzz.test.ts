import type { Invoice } from '@portaal/contracts';
import { isoToday } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoAdministration } from '../src/db/seed/administration.seed.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Hostile input on every invoice and contract route: queries, ids, cursors and upsert bodies. Nothing
 * may answer 5xx; bad input is a 400 naming its field and stores nothing (no row, no audit event).
 */
let server: TicketsServer;
let owner: string;
let moderator: string;

const demo = buildDemoAdministration(isoToday());
const invoice = demo.invoices.find((entry) => entry.body.customer_id === 1001);
const contract = demo.contracts.find((entry) => entry.id === 'CT-1001-02');

beforeAll(async () => {
  server = await startTicketsServer('administration_fuzz');
  const token = tokenSource(server);
  owner = await token('owner');
  moderator = await token('staff-moderator');
}, 120_000);
afterAll(async () => server?.close());

const base = '/api/v2/customer/1001';
const fields = (response: { json: unknown }) =>
  ((response.json as Problem | undefined)?.errors ?? []).map((error) => error.field);
const stored = async () =>
  Promise.all([
    server.count('select count(*) from invoices'),
    server.count('select count(*) from invoice_lines'),
    server.count('select count(*) from contracts'),
    server.count('select count(*) from contract_rules'),
    server.count('select count(*) from audit_events'),
    server.count(
      "select count(*) from invoices where updated_at > now() - interval '1 hour' and source_hash = 'x'",
    ),
  ]);

describe('lists', () => {
  const invoiceQueries = [
    'limit=0',
    'limit=101',
    'limit=abc',
    'limit=99999999999999999999',
    'status=late',
    'status=paid,overdue,to_pay,written_off,paid',
    'status=',
    'q=ab',
    'q=%00',
    `q=${'x'.repeat(61)}`,
    'q=31-02-2026',
    'q=2026-13-01',
    'q=01-10-2026%20-%2099-99-2026',
    "q=' or 1=1 --",
    'q=%25%5F%5C',
    'from=2026-02-30',
    'from=yesterday',
    'to=2026-01-01&from=2026-12-31',
    'cursor=%%%',
    'cursor=bm90IGpzb24',
    `cursor=${Buffer.from('["2026-01-01",5]').toString('base64url')}`,
    `cursor=${'A'.repeat(600)}`,
  ];
  it.each(invoiceQueries)('invoices?%s: no 5xx, refusals name their field', async (query) => {
    const response = await send(server, 'GET', `${base}/invoices?${query}`, { token: owner });
    expect(response.status, query).toBeLessThan(500);
    if (response.status === 400) expect(fields(response).length, query).toBeGreaterThan(0);
  });

  it('refuses exactly what it should', async () => {
    const refused = async (query: string) =>
      fields(await send(server, 'GET', `${base}/invoices?${query}`, { token: owner }));
    expect(await refused('q=ab')).toEqual(['q']);
    expect(await refused('q=31-02-2026')).toEqual(['q']);
    expect(await refused('status=late')).toEqual(['status.0']);
    expect(await refused('to=2026-01-01&from=2026-12-31')).toEqual(['to']);
    expect(await refused('cursor=%%%')).toEqual(['cursor']);
  });

  const contractQueries = [
    'show_ended=yes',
    'show_ended=',
    'status=gone',
    'q=ab',
    'q=%00',
    `q=${'x'.repeat(101)}`,
    'limit=0',
    'cursor=abc.def',
    `cursor=${Buffer.from('["2026-01-01","CT"]').toString('base64url')}`,
  ];
  it.each(contractQueries)('contracts?%s: a 400 naming its field', async (query) => {
    const response = await send(server, 'GET', `${base}/contracts?${query}`, { token: owner });
    expect(response.status, query).toBe(400);
    expect(fields(response).length, query).toBeGreaterThan(0);
  });

  it('a cursor of one list is refused by another, and paging walks every invoice once', async () => {
    const seen: string[] = [];
    let path: string | undefined = `${base}/invoices?limit=7`;
    let cursor: string | undefined;
    while (path) {
      const response = await send(server, 'GET', path, { token: owner });
      expect(response.status).toBe(200);
      seen.push(...(response.json as Invoice[]).map((entry) => entry.number));
      const next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      cursor ??= next && (new URL(next, server.baseUrl).searchParams.get('cursor') ?? undefined);
      path = next;
    }
    expect(seen).toHaveLength(42);
    expect(new Set(seen).size).toBe(42);
    const foreign = await send(server, 'GET', `${base}/contracts?cursor=${cursor}`, { token: owner });
    expect(fields(foreign)).toEqual(['cursor']);
  });

  it('searches by number, by date and by date range', async () => {
    if (!invoice) throw new Error('no demo invoice');
    const get = async (query: string) =>
      ((await send(server, 'GET', `${base}/invoices?${query}`, { token: owner })).json as Invoice[]).map(
        (entry) => entry.number,
      );
    expect(await get(`q=${invoice.number}`)).toEqual([invoice.number]);
    // A part of the number, in any case; its digits alone; letters only (no digits to go by).
    const all = demo.invoices.filter((entry) => entry.body.customer_id === 1001);
    const tail = invoice.number.slice(-6);
    const withTail = all.filter((entry) => entry.number.includes(tail)).map((entry) => entry.number);
    expect(await get(`q=${tail.toLowerCase()}&limit=100`)).toEqual(expect.arrayContaining(withTail));
    expect(await get(`q=${tail.toLowerCase()}&limit=100`)).toHaveLength(withTail.length);
    const letters = invoice.number.replace(/[^A-Za-z]/g, '').slice(0, 3);
    if (letters.length === 3) {
      const withLetters = all.filter((entry) => entry.number.toLowerCase().includes(letters.toLowerCase()));
      expect(await get(`q=${letters}&limit=100`)).toHaveLength(withLetters.length);
    }
    expect(await get('q=%25%25%25')).toEqual([]);
    const [year, month, day] = invoice.body.invoice_date.split('-');
    expect(await get(`q=${day}-${month}-${year}`)).toContain(invoice.number);
    const inYear = all.filter((entry) => entry.body.invoice_date.startsWith(String(year)));
    expect(await get(`q=${encodeURIComponent(`01-01-${year} - 31-12-${year}`)}&limit=100`)).toHaveLength(
      inYear.length,
    );
    expect(await get(`from=${year}-01-01&to=${year}-12-31&limit=100`)).toHaveLength(inYear.length);
  });
});

describe('ids', () => {
  const ids = ['..', '%2e%2e', 'a', 'INV%2F1', `${'9'.repeat(41)}`, '%00', 'INV 1', 'ÍNV-1'];
  it.each(ids)('invoices/%s and contracts/%s: 400 or 404, never 5xx', async (id) => {
    for (const path of [`${base}/invoices/${id}`, `${base}/contracts/${id}`]) {
      const response = await send(server, 'GET', path, { token: owner });
      expect([400, 404], path).toContain(response.status);
    }
  });
});

describe('staff upserts', () => {
  if (!invoice || !contract) throw new Error('no demo data');
  const invoicePath = `/api/admin/v2/invoices/${invoice.number}`;
  const contractPath = `/api/admin/v2/contracts/${contract.id}`;
  const line = invoice.body.lines[0];

  it.each([
    ['no body', undefined, ''],
    ['an unknown field', { ...invoice.body, total: '1.00' }, ''],
    ['a float amount', { ...invoice.body, amount_due: 12.5 }, 'amount_due'],
    ['three decimals', { ...invoice.body, amount_due: '1.005' }, 'amount_due'],
    ['more due than the total', { ...invoice.body, amount_due: '999999.00' }, 'amount_due'],
    ['no lines', { ...invoice.body, lines: [] }, 'lines'],
    [
      'a line without description',
      { ...invoice.body, lines: [{ ...line, description: '' }] },
      'lines.0.description',
    ],
    ['a quantity as number', { ...invoice.body, lines: [{ ...line, quantity: 3 }] }, 'lines.0.quantity'],
    ['a VAT rate of 100', { ...invoice.body, lines: [{ ...line, vat_rate: '100' }] }, 'lines.0.vat_rate'],
    ['a date that is none', { ...invoice.body, invoice_date: '2026-02-30' }, 'invoice_date'],
    ['due before the invoice date', { ...invoice.body, due_date: '2000-01-01' }, 'due_date'],
    ['an unknown customer', { ...invoice.body, customer_id: 999_999 }, 'customer_id'],
    ['a NUL in the description', { ...invoice.body, description: 'a\u0000b' }, 'description'],
    ['a currency other than EUR', { ...invoice.body, currency: 'USD' }, 'currency'],
  ])('invoice with %s: 400 on its field, nothing stored', async (_name, json, field) => {
    const before = await stored();
    const response = await send(server, 'PUT', invoicePath, { token: moderator, json });
    expect(response.status, JSON.stringify(response.json)).toBe(400);
    if (field) expect(fields(response)).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an unknown status', { ...contract.body, status: 'paused' }, 'status'],
    [
      'a bad IBAN',
      { ...contract.body, billing: { ...contract.body.billing, iban: 'NL00BANK0123456789' } },
      'billing.iban',
    ],
    [
      'direct debit without IBAN',
      { ...contract.body, billing: { ...contract.body.billing, payment_method: 'direct_debit', iban: null } },
      'billing.iban',
    ],
    [
      'an extension of 121 months',
      { ...contract.body, term: { ...contract.body.term, extension_months: 121 } },
      'term.extension_months',
    ],
    ['no rules', { ...contract.body, rules: [] }, 'rules'],
    ['an end before the start', { ...contract.body, end_date: '2000-01-01' }, 'end_date'],
    ['a bad contract id', contract.body, 'id'],
  ])('contract with %s: 400 on its field, nothing stored', async (name, json, field) => {
    const before = await stored();
    const path = name === 'a bad contract id' ? '/api/admin/v2/contracts/a' : contractPath;
    const response = await send(server, 'PUT', path, { token: moderator, json });
    expect(response.status, JSON.stringify(response.json)).toBe(400);
    expect(fields(response)).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it('the same body twice changes nothing; a changed body updates and is audited', async () => {
    const audits = () =>
      server.count('select count(*) from audit_events where object = $1', [`invoices/${invoice.number}`]);
    const first = await send(server, 'PUT', invoicePath, { token: moderator, json: invoice.body });
    expect(first.status).toBe(200);
    const updatedAt = (first.json as Invoice).updated_at;
    // "7.5" and "7.50" are the same push.
    const respelled = {
      ...invoice.body,
      lines: invoice.body.lines.map((entry) => ({ ...entry, vat_rate: '21.00' })),
    };
    const again = await send(server, 'PUT', invoicePath, { token: moderator, json: respelled });
    expect((again.json as Invoice).updated_at).toBe(updatedAt);
    expect(await audits()).toBe(0);
    const paid = { ...invoice.body, amount_due: '0', payment_date: invoice.body.due_date };
    const changed = await send(server, 'PUT', invoicePath, {
      token: moderator,
      json: { ...paid, amount_due: '10.00', payment_date: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.json as Invoice).toMatchObject({ amount_due: '10.00', payment_date: null });
    expect(await audits()).toBe(1);
    const summary = await server.sql.query<{ summary: string; action: string }>(
      'select summary, action from audit_events where object = $1',
      [`invoices/${invoice.number}`],
    );
    expect(summary.rows[0]?.action).toBe('invoice.update');
    expect(summary.rows[0]?.summary).toContain('amount_due: 0.00 → 10.00');
    // Seen at once by the customer.
    const read = await send(server, 'GET', `${base}/invoices/${invoice.number}`, { token: owner });
    expect((read.json as Invoice).amount_due).toBe('10.00');
    await send(server, 'PUT', invoicePath, { token: moderator, json: invoice.body });
    expect(await audits()).toBe(2);
  });

  it('random bodies never cause a 5xx and store nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount_due: fc.oneof(fc.string(), fc.double(), fc.constant('1.00')),
          vat_rate: fc.oneof(fc.string(), fc.integer(), fc.constantFrom('21', '9', '0', '-1')),
          quantity: fc.oneof(fc.string(), fc.constantFrom('1', '1e3', '0.0001', '-5')),
          invoice_date: fc.oneof(fc.string(), fc.constantFrom('2026-01-01', '0000-00-00')),
        }),
        async (values) => {
          const before = await stored();
          const response = await send(server, 'PUT', '/api/admin/v2/invoices/INV-FUZZ-1', {
            token: moderator,
            json: {
              ...invoice.body,
              amount_due: values.amount_due,
              invoice_date: values.invoice_date,
              lines: [{ ...line, vat_rate: values.vat_rate, quantity: values.quantity }],
            },
          });
          expect(response.status).toBeLessThan(500);
          if (response.status === 400) expect(await stored()).toEqual(before);
          if (response.status === 201)
            await server.sql.query("delete from invoices where number = 'INV-FUZZ-1'");
        },
      ),
      { numRuns: 40 },
    );
  });
});
