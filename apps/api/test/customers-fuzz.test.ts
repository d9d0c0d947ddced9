import {
  customerIdCheckQuerySchema,
  customerListQuerySchema,
  findControlCharacters,
} from '@portaal/contracts';
import { customerCreateSchema } from '@portaal/contracts/customer-create';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody, acceptedQuery, expectProblem } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the staff customer calls: the create body, the id lookup's and the list's
 * query. The oracle is the contract: what the shared schema accepts is created (201) or refused as a
 * conflict (409); anything else is a 400 problem that stores nothing; nothing answers 5xx. Runs as the
 * staff moderator on a database of its own (it creates customers).
 */
const RUNS = 200;

let server: TicketsServer;
let moderator: string;

beforeAll(async () => {
  server = await startTicketsServer('custfuzz');
  moderator = await tokenSource(server)('staff-moderator');
}, 120_000);
afterAll(async () => server?.close());

const state = async () => {
  const result = await server.sql.query<{
    customers: string;
    links: string;
    addresses: string;
    events: string;
  }>(
    `select (select count(*) from customers) as customers,
            (select count(*) from customer_links) as links,
            (select count(*) from addresses) as addresses,
            (select count(*) from audit_events where action = 'customer.create') as events`,
  );
  const row = result.rows[0];
  return {
    customers: Number(row?.customers),
    links: Number(row?.links),
    addresses: Number(row?.addresses),
    events: Number(row?.events),
  };
};

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'tab\there',
  'line\nbreak',
  '\u007f',
  '\ud800',
  '🙂',
  '%00',
  "'; drop table customers; --",
  '__proto__',
  'NL',
  'nl',
  'en',
  'ZZ',
  'accounting',
  'ACC-10001',
  '+31 20 123 4567',
  'NL123456789B01',
);

const anyValue = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const plausibleName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.integer({ min: 0, max: 230 }).map((length) => 'n'.repeat(length)),
  oddStrings,
);

const link = fc.record(
  {
    type: fc.oneof(fc.constantFrom('accounting', 'netbox', 'crm', 'Accounting', 'a b', ''), anyValue),
    identifier: fc.oneof(
      fc.constantFrom('ACC-10001', 'ACC-10002', 'gouden-korst'),
      fc.string({ maxLength: 20 }).map((text) => `F-${text}`),
      fc.integer({ min: 0, max: 200 }).map((length) => 'i'.repeat(length)),
      anyValue,
    ),
  },
  { requiredKeys: [] },
);

const address = fc.record(
  {
    type: fc.oneof(fc.constantFrom('visit', 'postal', 'invoice', 'delivery', 'home'), anyValue),
    street: fc.oneof(fc.constantFrom('Havenstraat'), plausibleName),
    house_number: fc.oneof(fc.constantFrom('12a'), anyValue),
    postal_code: fc.oneof(fc.constantFrom('1234 AB', '1234ab', 'zzz', '0123 AB', '123 AB'), anyValue),
    town: fc.oneof(fc.constantFrom('Harderwijk'), plausibleName),
    country: fc.oneof(fc.constantFrom('NL', 'be', 'ZZ', 'XX', 'NLD'), anyValue),
  },
  { requiredKeys: [] },
);

const createBody = fc.oneof(
  fc.record(
    {
      customer_id: fc.oneof(
        fc.integer({ min: 1, max: 2_147_483_647 }),
        fc.constantFrom(1, 1001, 1002, 0, -1, 2_147_483_648, 1.5),
        anyValue,
      ),
      display_name: plausibleName,
      language: fc.oneof(fc.constantFrom('en', 'nl', 'de'), anyValue),
      phone: fc.oneof(fc.constantFrom('+31 20 123 4567', '020-1234567', 'call me', ''), anyValue),
      coc_number: fc.oneof(fc.constantFrom('12345678', '12', '123456789', 'AB-12', '', '!!'), anyValue),
      vat_number: fc.oneof(fc.constantFrom('NL123456789B01', 'NL123', 'DE123456789', '123', ''), anyValue),
      links: fc.oneof(fc.array(link, { maxLength: 3 }), anyValue),
      address: fc.oneof(address, fc.constant(null), anyValue),
    },
    { requiredKeys: ['display_name', 'language'] },
  ),
  fc
    .tuple(
      fc.record({ display_name: plausibleName, language: fc.constantFrom('en', 'nl') }),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { minKeys: 1, maxKeys: 2 }),
    )
    .map(([good, extra]) => ({ ...extra, ...good })),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('fuzzing the create body', () => {
  it(`creates exactly what the schema accepts, and a refusal stores nothing (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(createBody, async (sent) => {
        const before = await state();
        const response = await send(server, 'POST', '/api/admin/v2/customer', {
          token: moderator,
          json: sent,
        });
        expect(response.status, JSON.stringify(sent)).toBeLessThan(500);
        const accepted =
          acceptedBody(customerCreateSchema, sent).success && findControlCharacters(sent).length === 0;
        const after = await state();
        if (response.status === 201) {
          expect(accepted, JSON.stringify(sent)).toBe(true);
          expect(after.customers).toBe(before.customers + 1);
          expect(after.events).toBe(before.events + 1);
        } else {
          expectProblem(response);
          expect(after).toEqual(before);
          if (response.status === 409) {
            expect(accepted).toBe(true);
            expect(['CUSTOMER_ID_TAKEN', 'CUSTOMER_LINK_TAKEN']).toContain((response.json as Problem).code);
          } else {
            expect([response.status, accepted], JSON.stringify(sent)).toEqual([400, false]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 240_000);

  it('refuses NUL characters anywhere with 400 and stores nothing', async () => {
    const before = await state();
    for (const sent of [
      { display_name: 'Nul\u0000', language: 'nl' },
      { display_name: 'Nul', language: 'nl', links: [{ type: 'accounting', identifier: 'A\u0000' }] },
      { display_name: 'Nul', language: 'nl', phone: '\u0000' },
      {
        display_name: 'Nul',
        language: 'nl',
        address: { street: 'S\u0000', house_number: '1', postal_code: 'P', town: 'T', country: 'NL' },
      },
    ]) {
      const response = await send(server, 'POST', '/api/admin/v2/customer', { token: moderator, json: sent });
      expect(response.status).toBe(400);
      expectProblem(response);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses bodies that are no JSON object, and other content types', async () => {
    const before = await state();
    for (const raw of ['{"display_name":', 'null', '[]', '"x"', '42']) {
      const response = await send(server, 'POST', '/api/admin/v2/customer', {
        token: moderator,
        body: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, raw).toBe(400);
      expectProblem(response);
    }
    const text = await send(server, 'POST', '/api/admin/v2/customer', {
      token: moderator,
      body: 'display_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await state()).toEqual(before);
  });
});

const queryValue = fc.oneof(
  oddStrings,
  fc.constantFrom('1', '1001', '0', '-1', '1.5', '2147483647', '2147483648', '99999999999', '1e3', 'ACC-100'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 0, max: 300 }).map((length) => 'a'.repeat(length)),
);
const encode = (entries: Record<string, string>) => new URLSearchParams(entries).toString();

describe('fuzzing the queries', () => {
  it(`id-check answers exactly what the schema accepts, never 5xx (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('customer_id', 'x', '__proto__'), queryValue, { maxKeys: 2 }),
        async (entries) => {
          const path = `/api/admin/v2/customer/id-check?${encode(entries)}`;
          const response = await send(server, 'GET', path, { token: moderator });
          expect(response.status, path).toBeLessThan(500);
          const accepted = acceptedQuery(customerIdCheckQuerySchema, entries).success;
          if (response.status !== 200) expectProblem(response);
          expect([response.status, accepted], path).toEqual([accepted ? 200 : 400, accepted]);
        },
      ),
      { numRuns: RUNS },
    );
  }, 180_000);

  it(`the list's search answers exactly what the schema accepts, never 5xx (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('search', 'limit', 'status', 'x'), queryValue, { maxKeys: 3 }),
        async (entries) => {
          const path = `/api/v2/customer?${encode(entries)}`;
          const response = await send(server, 'GET', path, { token: moderator });
          expect(response.status, path).toBeLessThan(500);
          const accepted = acceptedQuery(customerListQuerySchema, entries).success;
          if (response.status !== 200) expectProblem(response);
          expect([response.status, accepted], path).toEqual([accepted ? 200 : 400, accepted]);
        },
      ),
      { numRuns: RUNS },
    );
  }, 180_000);
});
