import { mailingInputSchema, mailingListQuerySchema, mailingQuerySchema } from '@portaal/contracts/mailings';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody, acceptedQuery, expectProblem } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the mailing calls: the mailing body, the recipient query and the list's
 * query. The oracle is the contract: what the shared schema accepts is stored (201) or previewed
 * (200); anything else is a 400 problem that stores nothing; nothing answers 5xx. Runs as the staff
 * moderator on a database of its own.
 */
const RUNS = 150;

let server: TicketsServer;
let moderator: string;

beforeAll(async () => {
  server = await startTicketsServer('mailfuzz');
  moderator = await tokenSource(server)('staff-moderator');
}, 120_000);
afterAll(async () => server?.close());

const stored = () =>
  server.count(
    `select (select count(*) from mailings) + (select count(*) from audit_events where action like 'mailing.%') as count`,
  );

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'tab\there',
  'line\nbreak',
  '\u007f',
  '\ud800',
  '🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂',
  "'; drop table mailings; --",
  '__proto__',
  '123456789',
  '1234567890',
  ' 123456789 ',
  'x'.repeat(19),
  'x'.repeat(20),
  'x'.repeat(201),
);
const anyValue = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
const subject = fc.oneof(fc.constantFrom('Planned maintenance', 'Gepland onderhoud'), oddStrings, anyValue);
const body = fc.oneof(
  fc.constantFrom('On 30 November we update the storage cluster.', 'Op 30 november werken we bij.\nTot dan.'),
  fc.integer({ min: 0, max: 40 }).map((length) => 'b'.repeat(length)),
  oddStrings,
  anyValue,
);
const perLanguage = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    fc.record({ en: value, nl: value }, { requiredKeys: [] }),
    fc.record({ en: value, nl: value, de: value }),
    anyValue,
  );
const query = fc.oneof(
  fc.record(
    {
      customer_statuses: fc.oneof(
        fc.subarray(['active', 'suspended', 'terminated']),
        fc.array(anyValue, { maxLength: 3 }),
      ),
      languages: fc.oneof(fc.subarray(['en', 'nl']), fc.constant(['de']), anyValue),
      products: fc.oneof(
        fc.subarray(['observe', 'managed_services', 'professional_services', 'service_management']),
        fc.constant(['observe', 'observe']),
        anyValue,
      ),
      customer_ids: fc.oneof(
        fc.array(fc.integer({ min: -2, max: 1010 }), { maxLength: 4 }),
        fc.constant(['1001']),
        anyValue,
      ),
      roles: fc.oneof(fc.subarray(['owner', 'viewer', 'technical_viewer']), fc.constant(['admin']), anyValue),
    },
    { requiredKeys: [] },
  ),
  anyValue,
);
/** Mostly valid: each field keeps a valid value three times in four, so many bodies are accepted. */
const nearly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: other });
const validText = (en: string, nl: string) => fc.constant({ en, nl });
const nearValidBody = fc.record(
  {
    label: nearly(fc.constant('Maintenance November'), oddStrings),
    sender: nearly(fc.constant('Service desk'), anyValue),
    subject: nearly(validText('Planned maintenance', 'Gepland onderhoud'), perLanguage(subject)),
    body: nearly(
      validText('On 30 November we update the storage cluster.', 'Op 30 november werken we het cluster bij.'),
      perLanguage(body),
    ),
    query: nearly(fc.constant({ customer_statuses: ['active'] }), query),
  },
  { requiredKeys: ['label', 'sender', 'subject', 'body'] },
);
const mailingBody = fc.oneof(
  nearValidBody,
  fc.record(
    {
      label: fc.oneof(fc.constantFrom('Maintenance November', 'ab'), oddStrings, anyValue),
      sender: fc.oneof(fc.constantFrom('Service desk', ''), oddStrings, anyValue),
      subject: perLanguage(subject),
      body: perLanguage(body),
      query,
    },
    { requiredKeys: ['label', 'sender', 'subject', 'body'] },
  ),
  anyValue,
);

describe('fuzz', () => {
  it('POST …/mailings: 201 exactly when the contract accepts the body, otherwise 400 and nothing stored', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(mailingBody, async (json) => {
        const before = await stored();
        const response = await send(server, 'POST', '/api/admin/v2/mailings', { token: moderator, json });
        expect(response.status).toBeLessThan(500);
        if (acceptedBody(mailingInputSchema, json).success) {
          accepted += 1;
          expect(response.status).toBe(201);
          expect(await stored()).toBe(before + 2);
        } else {
          expect(response.status).toBe(400);
          expectProblem(response);
          expect(await stored()).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    // The generator reaches both sides of the contract.
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);

  it('POST …/mailings/recipients: 200 exactly when the contract accepts the query, otherwise 400', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (json) => {
        const response = await send(server, 'POST', '/api/admin/v2/mailings/recipients', {
          token: moderator,
          json,
        });
        expect(response.status).toBeLessThan(500);
        if (acceptedBody(mailingQuerySchema, json).success) expect(response.status).toBe(200);
        else {
          expect(response.status).toBe(400);
          expectProblem(response);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('GET …/mailings and …/{id}: 200, 404 or a 400 problem for any query or id, never 5xx', async () => {
    const values = fc.record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), oddStrings),
        cursor: fc.oneof(oddStrings, fc.string({ maxLength: 40 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        values,
        fc.oneof(
          fc.integer().map(String),
          fc.constantFrom('abc', '0', '-1', '1.5', '%00', '1e3', '99999999999'),
        ),
        async (search, id) => {
          const list = await send(
            server,
            'GET',
            `/api/admin/v2/mailings?${new URLSearchParams(search as Record<string, string>)}`,
            { token: moderator },
          );
          const parsed = acceptedQuery(mailingListQuerySchema, search as Record<string, string>);
          expect(list.status).toBe(!parsed.success || parsed.data.cursor ? 400 : 200);
          const detail = await send(server, 'GET', `/api/admin/v2/mailings/${id}/progress`, {
            token: moderator,
          });
          expect([200, 400, 404]).toContain(detail.status);
          if (detail.status !== 200) expectProblem(detail);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('refuses NUL in a body with a field error on body.en', async () => {
    const response = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      json: {
        label: 'Maintenance',
        sender: 'Desk',
        subject: { en: 'Planned maintenance', nl: 'Gepland onderhoud' },
        body: { en: 'Twenty characters and a \u0000', nl: 'Twintig tekens of meer, echt.' },
      },
    });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.map((error) => error.field)).toContain('body.en');
  });
});
