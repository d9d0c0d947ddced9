import type { Customer, CustomerIdCheck } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The staff customer screen's calls (SPEC.md §2 "create customer with customer ID and accounting ID
 * lookups"): the authorization matrix of creating a customer and of the id lookup for every demo
 * user, the loner and anonymous; the list's search by accounting id with exact counts; what a
 * creation stores and what a refusal leaves alone. Creates customers, so it runs on a seeded
 * database of its own (other files count every customer).
 */
const MODERATOR_ID = '6f1c2a10-0008-4a1e-9c01-000000000008';
const DEMO_CUSTOMERS = 7;

interface Subject {
  username: string | null;
  /** Customers whose accounting id starts with ACC-100 that the list shows this user. */
  accountingMatches: number[];
  /** Holds global customer-create. */
  creates: boolean;
}

const subjects: Subject[] = [
  { username: 'owner', accountingMatches: [1001], creates: false },
  { username: 'financial-moderator', accountingMatches: [1001], creates: false },
  { username: 'financial-viewer', accountingMatches: [1001], creates: false },
  { username: 'technical-viewer', accountingMatches: [1001], creates: false },
  { username: 'viewer', accountingMatches: [1001], creates: false },
  { username: 'multi', accountingMatches: [1002, 1003], creates: false },
  { username: 'staff-viewer', accountingMatches: [1001, 1002, 1003, 1004, 1005, 1006], creates: false },
  { username: 'staff-moderator', accountingMatches: [1001, 1002, 1003, 1004, 1005, 1006], creates: true },
  { username: LONER.username, accountingMatches: [], creates: false },
  { username: null, accountingMatches: [], creates: false },
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('custcreate');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
}, 120_000);
afterAll(async () => server?.close());

const customers = () => server.count('select count(*) from customers');
const created = () => server.count("select count(*) from audit_events where action = 'customer.create'");
const ids = (json: unknown) => (json as Customer[]).map((customer) => customer.customer_id);
const body = (name: string, extra: Record<string, unknown> = {}) => ({
  display_name: name,
  language: 'nl',
  ...extra,
});

describe.each(subjects)('$username', (subject) => {
  const auth = async () => (subject.username ? { token: await token(subject.username) } : {});
  const anonymous = subject.username === null;

  it('GET /api/v2/customer?search=ACC-100 finds exactly the readable customers by accounting id', async () => {
    const response = await send(server, 'GET', '/api/v2/customer?search=ACC-100&limit=100', await auth());
    if (anonymous) return expect(response.status).toBe(401);
    expect(response.status).toBe(200);
    expect(ids(response.json).sort()).toEqual(subject.accountingMatches);
    expect(response.headers.get('x-total-count')).toBe(String(subject.accountingMatches.length));
  });

  it('GET /api/admin/v2/customer/id-check', async () => {
    const response = await send(
      server,
      'GET',
      '/api/admin/v2/customer/id-check?customer_id=1001',
      await auth(),
    );
    expect(response.status).toBe(anonymous ? 401 : subject.creates ? 200 : 403);
    if (subject.creates) {
      const check = response.json as CustomerIdCheck;
      expect(check.customer_id).toBe(1001);
      expect(check.taken_by).toEqual({ customer_id: 1001, display_name: 'Bakkerij De Gouden Korst B.V.' });
      expect(check.next_free_id).toBeGreaterThan(1006);
    } else {
      expect((response.json as Problem).code).toBe(anonymous ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
  });

  it('POST /api/admin/v2/customer', async () => {
    const before = { customers: await customers(), events: await created() };
    const name = `Matrix ${subject.username ?? 'anonymous'} B.V.`;
    const response = await send(server, 'POST', '/api/admin/v2/customer', {
      ...(await auth()),
      json: body(name, { links: [{ type: 'accounting', identifier: `ACC-M-${subject.username}` }] }),
    });
    expect(response.status).toBe(anonymous ? 401 : subject.creates ? 201 : 403);
    const after = { customers: await customers(), events: await created() };
    if (subject.creates) {
      expect((response.json as Customer).display_name).toBe(name);
      expect(after).toEqual({ customers: before.customers + 1, events: before.events + 1 });
    } else {
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(after).toEqual(before);
    }
  });
});

describe('creating a customer (staff moderator)', () => {
  let moderator: string;
  beforeAll(async () => {
    moderator = await token('staff-moderator');
  });
  const post = (json: unknown) => send(server, 'POST', '/api/admin/v2/customer', { token: moderator, json });
  const idCheck = async (query = '') =>
    (await send(server, 'GET', `/api/admin/v2/customer/id-check${query}`, { token: moderator }))
      .json as CustomerIdCheck;

  it('stores a phone number in its international form, as contacts do', async () => {
    const response = await post(body('Bellers B.V.', { phone: '020-1234567' }));
    expect(response.status).toBe(201);
    expect((response.json as Customer).phone).toBe('+31 20 123 4567');
  });

  it('uses the next free id, stores links and the main address, and writes one audit event', async () => {
    const { next_free_id: next, customer_id, taken_by } = await idCheck();
    expect([customer_id, taken_by]).toEqual([null, null]);
    const events = await created();
    const response = await post(
      body('  Zuiderzee Zeilmakers B.V. ', {
        language: 'en',
        phone: '+31 20 123 4567',
        coc_number: '12345678',
        vat_number: 'NL123456789B01',
        links: [
          { type: 'accounting', identifier: 'ACC-20001' },
          { type: 'netbox', identifier: 'zeilmakers' },
        ],
        address: {
          street: 'Havenstraat',
          house_number: '12a',
          postal_code: '1234 AB',
          town: 'Harderwijk',
          country: 'nl',
        },
      }),
    );
    expect(response.status).toBe(201);
    const customer = response.json as Customer;
    expect(customer).toMatchObject({
      customer_id: next,
      display_name: 'Zuiderzee Zeilmakers B.V.',
      language: 'en',
      status: 'active',
      phone: '+31 20 123 4567',
      coc_number: '12345678',
      vat_number: 'NL123456789B01',
      usage_po_number: null,
      links: [
        { customer_id: next, type: 'accounting', identifier: 'ACC-20001' },
        { customer_id: next, type: 'netbox', identifier: 'zeilmakers' },
      ],
      addresses: [
        {
          customer_id: next,
          type: 'visit',
          main: true,
          lines: ['Havenstraat 12a'],
          postcode: '1234 AB',
          city: 'Harderwijk',
          country: 'NL',
        },
      ],
    });
    const stored = await send(server, 'GET', `/api/v2/customer/${next}`, { token: moderator });
    expect(stored.json).toEqual(customer);
    expect(await created()).toBe(events + 1);
    const audit = await server.sql.query(
      "select actor_id, customer_id, object, summary from audit_events where action = 'customer.create' and customer_id = $1",
      [next],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: MODERATOR_ID,
        customer_id: next,
        object: `customers/${next}`,
        summary:
          'display_name: – → Zuiderzee Zeilmakers B.V.; links: – → accounting:ACC-20001, netbox:zeilmakers',
      },
    ]);
    // The lookups and the list know it at once.
    expect((await idCheck(`?customer_id=${next}`)).taken_by).toEqual({
      customer_id: next,
      display_name: 'Zuiderzee Zeilmakers B.V.',
    });
    expect((await idCheck()).next_free_id).toBe(next + 1);
    const byLink = await send(
      server,
      'GET',
      '/api/admin/v2/customer?link_type=accounting&link_id=ACC-20001',
      {
        token: moderator,
      },
    );
    expect((byLink.json as Customer).customer_id).toBe(next);
    const found = await send(server, 'GET', '/api/v2/customer?search=acc-2000', { token: moderator });
    expect(ids(found.json)).toEqual([next]);
  });

  it('takes a free id given by hand, with neither links nor address', async () => {
    expect((await idCheck('?customer_id=4242')).taken_by).toBeNull();
    const response = await post(body('Handpicked 4242', { customer_id: 4242 }));
    expect(response.status).toBe(201);
    const handpicked = await post(
      body('Handpicked 5000', { customer_id: 5000, phone: '', vat_number: null }),
    );
    expect(handpicked.status).toBe(201);
    expect(handpicked.json).toMatchObject({ customer_id: 5000, phone: null, vat_number: null, links: [] });
    expect((await idCheck()).next_free_id).toBe(5001);
  });

  it('refuses a taken id with 409 CUSTOMER_ID_TAKEN naming the holder, storing nothing', async () => {
    const before = { customers: await customers(), events: await created() };
    const response = await post(
      body('Impostor', { customer_id: 1002, links: [{ type: 'accounting', identifier: 'ACC-NEW' }] }),
    );
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = response.json as Problem;
    expect(problem.code).toBe('CUSTOMER_ID_TAKEN');
    expect(problem.params).toEqual({ holder_id: 1002, holder_name: 'Northwind Logistics Ltd' });
    expect(problem.errors).toEqual([{ field: 'customer_id', message: 'is taken' }]);
    expect(problem.detail).toBe('Customer id 1002 belongs to Northwind Logistics Ltd.');
    expect({ customers: await customers(), events: await created() }).toEqual(before);
    expect(await server.count("select count(*) from customer_links where identifier = 'ACC-NEW'")).toBe(0);
  });

  it('ends the detail after a name ending in "B.V." with one full stop, not two', async () => {
    const response = await post(
      body('Impostor', { customer_id: 1001, links: [{ type: 'accounting', identifier: 'ACC-NEW' }] }),
    );
    expect(response.status).toBe(409);
    expect((response.json as Problem).detail).toBe(
      'Customer id 1001 belongs to Bakkerij De Gouden Korst B.V.',
    );
  });

  it('refuses a link another customer holds with 409 CUSTOMER_LINK_TAKEN, storing nothing', async () => {
    const before = { customers: await customers(), events: await created() };
    const response = await post(
      body('Copycat', {
        customer_id: 7777,
        links: [
          { type: 'netbox', identifier: 'copycat' },
          { type: 'accounting', identifier: 'ACC-10002' },
        ],
      }),
    );
    expect(response.status).toBe(409);
    const problem = response.json as Problem;
    expect(problem.code).toBe('CUSTOMER_LINK_TAKEN');
    expect(problem.params).toEqual({
      holder_id: 1002,
      holder_name: 'Northwind Logistics Ltd',
      link_type: 'accounting',
      link_id: 'ACC-10002',
    });
    expect({ customers: await customers(), events: await created() }).toEqual(before);
    expect((await idCheck('?customer_id=7777')).taken_by).toBeNull();
    // The same identifier under another type is another link.
    const other = await post(body('Copycat', { links: [{ type: 'crm', identifier: 'ACC-10002' }] }));
    expect(other.status).toBe(201);
  });

  it.each([
    ['display_name', { language: 'nl' }],
    ['display_name', body('   ')],
    ['display_name', body('a\u0000b')],
    ['display_name', body('x'.repeat(201))],
    ['language', body('Taal', { language: 'de' })],
    ['customer_id', body('Nul', { customer_id: 0 })],
    ['customer_id', body('Tekst', { customer_id: '1234' })],
    ['customer_id', body('Half', { customer_id: 1.5 })],
    ['customer_id', body('Groot', { customer_id: 2_147_483_648 })],
    ['phone', body('Bel', { phone: 'call me' })],
    // Digits in a phone's shape that no numbering plan holds (the old pattern let them through).
    ['phone', body('Te kort', { phone: '+1 555 0100' })],
    ['phone', body('Nullen', { phone: '+31 00 000 0000' })],
    ['vat_number', body('Btw', { vat_number: '123' })],
    [
      'links',
      body('Twice', {
        links: [
          { type: 'x', identifier: 'a' },
          { type: 'x', identifier: 'a' },
        ],
      }),
    ],
    ['links.0.type', body('Type', { links: [{ type: 'Accounting!', identifier: 'a' }] })],
    ['links.0.identifier', body('Id', { links: [{ type: 'accounting', identifier: '' }] })],
    [
      'address.country',
      body('Land', {
        address: { street: 'S', house_number: '1', postal_code: 'P', town: 'T', country: 'ZZ' },
      }),
    ],
    [
      'address.town',
      body('Plaats', { address: { street: 'S', house_number: '1', postal_code: 'P', country: 'NL' } }),
    ],
    // A Dutch customer (main address in NL): KvK number of 8 digits, postcode 1234 AB.
    [
      'coc_number',
      body('KvK', {
        coc_number: '12',
        address: {
          street: 'Dam',
          house_number: '1',
          postal_code: '1012 JS',
          town: 'Amsterdam',
          country: 'NL',
        },
      }),
    ],
    [
      'coc_number',
      body('KvK9', {
        coc_number: '123456789',
        address: {
          street: 'Dam',
          house_number: '1',
          postal_code: '1012 JS',
          town: 'Amsterdam',
          country: 'NL',
        },
      }),
    ],
    [
      'address.postal_code',
      body('Postcode', {
        address: { street: 'Dam', house_number: '1', postal_code: 'zzz', town: 'Amsterdam', country: 'NL' },
      }),
    ],
    [
      'address.postal_code',
      body('Postcode3', {
        address: {
          street: 'Dam',
          house_number: '1',
          postal_code: '101 JS',
          town: 'Amsterdam',
          country: 'NL',
        },
      }),
    ],
    [
      'coc_number',
      body('Beide', {
        coc_number: '12',
        address: { street: 'Dam', house_number: '1', postal_code: 'zzz', town: 'Amsterdam', country: 'NL' },
      }),
    ],
    // Without an address a company is Dutch unless its VAT number names another country.
    ['coc_number', body('KvK zonder adres', { coc_number: '12ab' })],
    ['coc_number', body('KvK9 zonder adres', { coc_number: '123456789' })],
    ['coc_number', body('KvK en Nederlandse btw', { coc_number: '12ab', vat_number: 'NL123456789B01' })],
    // A VAT number starting with NL is a Dutch one: NL, 9 digits, B, 2 digits.
    ['vat_number', body('Btw kort', { vat_number: 'NL123' })],
    ['vat_number', body('Btw zonder B', { vat_number: 'NL123456789' })],
    [
      'vat_number',
      body('Btw bij buitenlands adres', {
        vat_number: 'NL12345678B01',
        address: {
          street: 'Quay',
          house_number: '2',
          postal_code: 'SW1A 1AA',
          town: 'London',
          country: 'GB',
        },
      }),
    ],
    ['body', body('Extra', { status: 'terminated' })],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (field, json) => {
    const before = { customers: await customers(), events: await created() };
    const response = await post(json);
    expect(response.status).toBe(400);
    const problem = response.json as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.map((error) => error.field)).toContain(field);
    expect({ customers: await customers(), events: await created() }).toEqual(before);
  });

  it('refuses a Dutch KvK number and postcode in the wrong form with both fields named', async () => {
    const response = await post(
      body('Beide fout', {
        coc_number: '12',
        address: { street: 'Dam', house_number: '1', postal_code: 'zzz', town: 'Amsterdam', country: 'nl' },
      }),
    );
    expect(response.status).toBe(400);
    const fields = (response.json as Problem).errors?.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['coc_number', 'address.postal_code']));
  });

  it('stores a Dutch postcode as 1234 AB, and keeps the general rules for other countries', async () => {
    const dutch = await post(
      body('Postcode Normaal B.V.', {
        coc_number: '87654321',
        address: {
          street: 'Dam',
          house_number: '1',
          postal_code: '1012js',
          town: 'Amsterdam',
          country: 'NL',
        },
      }),
    );
    expect(dutch.status, JSON.stringify(dutch.json)).toBe(201);
    expect((dutch.json as Customer).addresses[0]?.postcode).toBe('1012 JS');
    // Neither rule applies outside the Netherlands.
    const british = await post(
      body('Harbour Ltd', {
        coc_number: 'SC123456',
        address: {
          street: 'Quay',
          house_number: '2',
          postal_code: 'sw1a 1aa',
          town: 'London',
          country: 'GB',
        },
      }),
    );
    expect(british.status, JSON.stringify(british.json)).toBe(201);
    expect((british.json as Customer).addresses[0]?.postcode).toBe('sw1a 1aa');
  });

  it('takes a foreign company by its VAT number when no address is given, and Dutch numbers as typed', async () => {
    const german = await post(body('Holzwerk GmbH', { coc_number: 'HRB 12345', vat_number: 'DE123456789' }));
    expect(german.status, JSON.stringify(german.json)).toBe(201);
    expect(german.json).toMatchObject({ coc_number: 'HRB 12345', vat_number: 'DE123456789' });
    const dutch = await post(
      body('Zonder adres B.V.', { coc_number: '12345678', vat_number: 'NL 1234.56.789.B01' }),
    );
    expect(dutch.status, JSON.stringify(dutch.json)).toBe(201);
    expect(dutch.json).toMatchObject({ coc_number: '12345678', vat_number: 'NL 1234.56.789.B01' });
  });

  it('hands out distinct ids to simultaneous creations without an id', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(body(`Parallel ${index}`))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    const given = responses.map((response) => (response.json as Customer).customer_id);
    expect(new Set(given).size).toBe(6);
  });

  it('refuses id-check queries that are no id', async () => {
    for (const value of ['0', '-1', 'abc', '1.5', '2147483648', '%00']) {
      const response = await send(server, 'GET', `/api/admin/v2/customer/id-check?customer_id=${value}`, {
        token: moderator,
      });
      expect([response.status, (response.json as Problem).errors?.[0]?.field], value).toEqual([
        400,
        'customer_id',
      ]);
    }
  });

  it('finds a gap once the highest id is taken', async () => {
    expect((await post(body('Het einde', { customer_id: 2_147_483_647 }))).status).toBe(201);
    const { next_free_id: next } = await idCheck();
    expect(next).toBeLessThan(2_147_483_647);
    expect((await idCheck(`?customer_id=${next}`)).taken_by).toBeNull();
    const response = await post(body('In het gat'));
    expect(response.status).toBe(201);
    expect((response.json as Customer).customer_id).toBe(next);
    expect(await customers()).toBeGreaterThan(DEMO_CUSTOMERS);
  });
});
