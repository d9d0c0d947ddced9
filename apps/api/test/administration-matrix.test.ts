import type {
  AdministrationOverview,
  Contract,
  ContractSummary,
  ContractUpsert,
  Invoice,
  InvoiceSummary,
  Ticket,
} from '@portaal/contracts';
import { invoiceStatus, isoToday } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoAdministration } from '../src/db/seed/administration.seed.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of every invoice, contract and administration route (DESIGN.md §7): every
 * demo user, the loner, staff and anonymous against their own customer, another customer and an
 * unknown one, with exact status codes and exact counts. The counts are literals, checked against the
 * demo seed (apps/api/src/db/seed/administration.seed.ts) in the first test. End requests and staff
 * upserts write, so this file has a database of its own.
 */
const OTHER = 1002;
const UNKNOWN = 999_999;

/** Demo invoices per customer: 36 monthly and 6 for professional-services hours. */
const INVOICES = 42;
/** Demo contracts per customer (all), and those shown without "show ended". */
const CONTRACTS = { all: 7, running: { 1001: 5, 1002: 5 } as Record<number, number> };

const today = isoToday();
const demo = buildDemoAdministration(today);
const firstInvoice = (customer: number) => {
  const invoice = demo.invoices.find((entry) => entry.body.customer_id === customer);
  if (!invoice) throw new Error(`no demo invoice of ${customer}`);
  return invoice.number;
};

interface Subject {
  username: string | null;
  target: number;
  invoiceRead: boolean;
  subscriptionRead: boolean;
  subscriptionEdit: boolean;
  staff: false | 'viewer' | 'moderator';
}

const subjects: Subject[] = [
  {
    username: 'owner',
    target: 1001,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: true,
    staff: false,
  },
  {
    username: 'financial-moderator',
    target: 1001,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: true,
    staff: false,
  },
  {
    username: 'financial-viewer',
    target: 1001,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: false,
    staff: false,
  },
  {
    username: 'technical-viewer',
    target: 1001,
    invoiceRead: false,
    subscriptionRead: false,
    subscriptionEdit: false,
    staff: false,
  },
  {
    username: 'viewer',
    target: 1001,
    invoiceRead: false,
    subscriptionRead: false,
    subscriptionEdit: false,
    staff: false,
  },
  {
    username: 'multi',
    target: 1002,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: true,
    staff: false,
  },
  {
    username: 'staff-viewer',
    target: 1001,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: false,
    staff: 'viewer',
  },
  {
    username: 'staff-moderator',
    target: 1001,
    invoiceRead: true,
    subscriptionRead: true,
    subscriptionEdit: true,
    staff: 'moderator',
  },
  {
    username: LONER.username,
    target: 1001,
    invoiceRead: false,
    subscriptionRead: false,
    subscriptionEdit: false,
    staff: false,
  },
  {
    username: null,
    target: 1001,
    invoiceRead: false,
    subscriptionRead: false,
    subscriptionEdit: false,
    staff: false,
  },
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

/** A contract that can be ended, pushed for one subject (so each subject's end request is its own). */
const endable = (customer: number): ContractUpsert => {
  const base = demo.contracts.find((entry) => entry.id === `CT-${customer}-05`);
  if (!base) throw new Error('no demo contract');
  return { ...base.body, description: 'Matrix contract', status: 'active', end_date: null };
};
const matrixContract = (index: number) => `CT-MATRIX-${index}`;

beforeAll(async () => {
  server = await startTicketsServer('administration');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  const moderator = await token('staff-moderator');
  for (const [index, subject] of subjects.entries()) {
    const response = await send(server, 'PUT', `/api/admin/v2/contracts/${matrixContract(index)}`, {
      token: moderator,
      json: endable(subject.target),
    });
    expect(response.status).toBe(201);
  }
}, 120_000);
afterAll(async () => server?.close());

/** The same call for the subject's own customer, another one and an unknown one. */
async function threeCustomers<T>(call: (customer: number) => Promise<T>, mine: number): Promise<[T, T, T]> {
  return Promise.all([call(mine), call(mine === OTHER ? 1001 : OTHER), call(UNKNOWN)]);
}

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const base = (customer: number) => `/api/v2/customer/${customer}`;

describe('the literal counts match the demo seed', () => {
  it('per customer', () => {
    for (const customer of [1001, 1002, 1003, 1004, 1005, 1006]) {
      expect(demo.invoices.filter((entry) => entry.body.customer_id === customer)).toHaveLength(INVOICES);
      const contracts = demo.contracts.filter((entry) => entry.body.customer_id === customer);
      expect(contracts).toHaveLength(CONTRACTS.all);
      const running = CONTRACTS.running[customer];
      if (running !== undefined) {
        expect(contracts.filter((entry) => !['ended', 'cancelled'].includes(entry.body.status))).toHaveLength(
          running,
        );
      }
    }
  });

  it('holds every invoice and contract status', () => {
    const statuses = new Set(demo.invoices.map((entry) => invoiceStatus(entry.body, today).status));
    expect([...statuses].sort()).toEqual(['overdue', 'paid', 'to_pay', 'written_off']);
    expect([...new Set(demo.contracts.map((entry) => entry.body.status))].sort()).toEqual([
      'active',
      'cancelled',
      'ended',
      'future',
      'suspended',
    ]);
  });
});

describe.each(subjects.map((subject, index) => ({ ...subject, index })))('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = mine === OTHER ? 1001 : OTHER;
  const otherOk = subject.staff !== false;
  const expectStatuses = (statuses: number[], right: boolean, unknown = 404) => {
    if (anonymous) return expect(statuses).toEqual([401, 401, 401]);
    expect(statuses).toEqual([right ? 200 : 403, right && otherOk ? 200 : 403, unknown]);
  };

  it('GET invoices: own, other, unknown; exact counts', async () => {
    const options = await auth(subject);
    const [a, b, c] = await threeCustomers(
      (id) => send(server, 'GET', `${base(id)}/invoices?limit=100`, options),
      mine,
    );
    expectStatuses(
      [a, b, c].map((response) => response.status),
      subject.invoiceRead,
    );
    if (!anonymous) expect(code(c)).toBe('CUSTOMER_NOT_FOUND');
    if (a.status === 200) {
      const list = a.json as InvoiceSummary[];
      expect(list).toHaveLength(INVOICES);
      expect(list.every((invoice) => invoice.customer_id === mine)).toBe(true);
      const dates = list.map((invoice) => invoice.invoice_date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it('GET invoices/{number}: own, another customer’s (404), unknown customer', async () => {
    const options = await auth(subject);
    const [a, foreign, c] = await Promise.all([
      send(server, 'GET', `${base(mine)}/invoices/${firstInvoice(mine)}`, options),
      send(server, 'GET', `${base(mine)}/invoices/${firstInvoice(other)}`, options),
      send(server, 'GET', `${base(UNKNOWN)}/invoices/${firstInvoice(mine)}`, options),
    ]);
    if (anonymous) return expect([a.status, foreign.status, c.status]).toEqual([401, 401, 401]);
    const ok = subject.invoiceRead;
    expect([a.status, foreign.status, c.status]).toEqual([ok ? 200 : 403, ok ? 404 : 403, 404]);
    if (ok) {
      expect(code(foreign)).toBe('INVOICE_NOT_FOUND');
      const invoice = a.json as Invoice;
      expect(invoice.number).toBe(firstInvoice(mine));
      expect(invoice.lines.length).toBeGreaterThan(0);
    }
  });

  it.each(['pdf', 'ubl'] as const)(
    'GET invoices/{number}/%s: own, another customer’s (404), unknown customer',
    async (format) => {
      const options = await auth(subject);
      const [a, foreign, c] = await Promise.all([
        send(server, 'GET', `${base(mine)}/invoices/${firstInvoice(mine)}/${format}`, options),
        send(server, 'GET', `${base(mine)}/invoices/${firstInvoice(other)}/${format}`, options),
        send(server, 'GET', `${base(UNKNOWN)}/invoices/${firstInvoice(mine)}/${format}`, options),
      ]);
      if (anonymous) return expect([a.status, foreign.status, c.status]).toEqual([401, 401, 401]);
      const ok = subject.invoiceRead;
      expect([a.status, foreign.status, c.status]).toEqual([ok ? 200 : 403, ok ? 404 : 403, 404]);
      if (!ok) return;
      expect(code(foreign)).toBe('INVOICE_NOT_FOUND');
      expect(a.headers.get('content-type')).toBe(
        format === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8',
      );
      expect(a.headers.get('content-disposition')).toBe(
        `attachment; filename="${firstInvoice(mine)}.${format === 'pdf' ? 'pdf' : 'xml'}"`,
      );
      if (format === 'ubl')
        expect(a.bytes.toString('utf8')).toContain(`<cbc:ID>${firstInvoice(mine)}</cbc:ID>`);
    },
  );

  it('GET contracts (running and with show_ended) and contracts/{id}', async () => {
    const options = await auth(subject);
    const [a, b, c] = await threeCustomers(
      (id) => send(server, 'GET', `${base(id)}/contracts?limit=100`, options),
      mine,
    );
    expectStatuses(
      [a, b, c].map((response) => response.status),
      subject.subscriptionRead,
    );
    if (a.status !== 200) return;
    // The matrix pushed one running contract per subject into its target customer.
    const pushed = subjects.filter((entry) => entry.target === mine).length;
    expect((a.json as ContractSummary[]).length).toBe((CONTRACTS.running[mine] ?? 0) + pushed);
    const all = await send(server, 'GET', `${base(mine)}/contracts?limit=100&show_ended=true`, options);
    expect((all.json as ContractSummary[]).length).toBe(CONTRACTS.all + pushed);
    const [detail, foreign] = await Promise.all([
      send(server, 'GET', `${base(mine)}/contracts/CT-${mine}-01`, options),
      send(server, 'GET', `${base(mine)}/contracts/CT-${other}-01`, options),
    ]);
    expect([detail.status, foreign.status]).toEqual([200, 404]);
    expect(code(foreign)).toBe('CONTRACT_NOT_FOUND');
    expect((detail.json as Contract).rules.length).toBeGreaterThan(0);
  });

  it('GET administration: either right opens it, each part only with its right', async () => {
    const options = await auth(subject);
    const [a, b, c] = await threeCustomers(
      (id) => send(server, 'GET', `${base(id)}/administration`, options),
      mine,
    );
    const right = subject.invoiceRead || subject.subscriptionRead;
    expectStatuses(
      [a, b, c].map((response) => response.status),
      right,
    );
    if (a.status !== 200) return;
    const overview = a.json as AdministrationOverview;
    expect(overview.invoices === null).toBe(!subject.invoiceRead);
    expect(overview.renewals === null).toBe(!subject.subscriptionRead);
  });

  it('POST contracts/{id}/end-request: own endable contract, another customer’s, unknown customer', async () => {
    const options = await auth(subject);
    const body = { end_date: '2099-03-31', reason: 'Matrix' };
    const [own, foreign, unknown] = await Promise.all([
      send(server, 'POST', `${base(mine)}/contracts/${matrixContract(subject.index)}/end-request`, {
        ...options,
        json: body,
      }),
      send(server, 'POST', `${base(mine)}/contracts/CT-${other}-01/end-request`, { ...options, json: body }),
      send(server, 'POST', `${base(UNKNOWN)}/contracts/CT-${mine}-01/end-request`, {
        ...options,
        json: body,
      }),
    ]);
    const statuses = [own.status, foreign.status, unknown.status];
    if (anonymous) return expect(statuses).toEqual([401, 401, 401]);
    const edit = subject.subscriptionEdit;
    expect(statuses).toEqual([edit ? 201 : 403, edit ? 404 : 403, 404]);
    if (!edit) return;
    const ticket = own.json as Ticket;
    expect(ticket).toMatchObject({ category: 'administrative_request', status: 'new' });
    if (subject.username === 'financial-moderator') {
      // In the caller's language (Dutch).
      expect(ticket.subject).toBe(`Beëindiging contract ${matrixContract(subject.index)}`);
      expect(ticket.messages[0]?.body).toContain('beëindigen per 31-03-2099');
    } else if (subject.username === 'multi') {
      expect(ticket.subject).toBe(`End of contract ${matrixContract(subject.index)}`);
    }
    // Asked once: the second request is refused, and no second ticket is filed.
    const tickets = await server.count('select count(*) from tickets');
    const again = await send(
      server,
      'POST',
      `${base(mine)}/contracts/${matrixContract(subject.index)}/end-request`,
      {
        ...options,
        json: body,
      },
    );
    expect(again.status).toBe(409);
    expect(code(again)).toBe('CONTRACT_END_NOT_ALLOWED');
    expect(await server.count('select count(*) from tickets')).toBe(tickets);
    const detail = await send(
      server,
      'GET',
      `${base(mine)}/contracts/${matrixContract(subject.index)}`,
      options,
    );
    expect(detail.json as Contract).toMatchObject({
      can_request_end: false,
      end_request_ticket_id: (own.json as Ticket).ticket_id,
    });
  });

  it('PUT /api/admin/v2/invoices and contracts: provider moderators only', async () => {
    const options = await auth(subject);
    const invoice = demo.invoices.find((entry) => entry.body.customer_id === 1004);
    const contract = demo.contracts.find((entry) => entry.body.customer_id === 1004);
    if (!invoice || !contract) throw new Error('no demo data');
    const [a, b] = await Promise.all([
      send(server, 'PUT', `/api/admin/v2/invoices/${invoice.number}`, { ...options, json: invoice.body }),
      send(server, 'PUT', `/api/admin/v2/contracts/${contract.id}`, { ...options, json: contract.body }),
    ]);
    if (anonymous) return expect([a.status, b.status]).toEqual([401, 401]);
    const moderator = subject.staff === 'moderator';
    // The same body as the seed's: unchanged, 200.
    expect([a.status, b.status]).toEqual(moderator ? [200, 200] : [403, 403]);
  });
});

describe('cannot be ended', () => {
  it.each([
    ['an ended contract', 'CT-1001-06'],
    ['a cancelled contract', 'CT-1001-07'],
  ])('%s: 409, no ticket', async (_name, id) => {
    const tickets = await server.count('select count(*) from tickets');
    const response = await send(server, 'POST', `${base(1001)}/contracts/${id}/end-request`, {
      token: await token('owner'),
      json: { end_date: '2099-01-31' },
    });
    expect(response.status).toBe(409);
    expect(code(response)).toBe('CONTRACT_END_NOT_ALLOWED');
    expect(await server.count('select count(*) from tickets')).toBe(tickets);
  });

  it('an unknown contract: 404', async () => {
    const response = await send(server, 'POST', `${base(1001)}/contracts/CT-NOPE-1/end-request`, {
      token: await token('owner'),
      json: { end_date: '2099-01-31' },
    });
    expect(response.status).toBe(404);
    expect(code(response)).toBe('CONTRACT_NOT_FOUND');
  });
});
