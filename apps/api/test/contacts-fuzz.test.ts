import { callListInputSchema, contactInputSchema, technicalEmailsSchema } from '@portaal/contracts/contacts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Fuzzing of every contacts body: create/replace a contact, the call list, the technical e-mail list.
 * The oracle is the shared schema: a body it refuses answers 400 with a code and stores nothing (no
 * contact, no audit event); one it accepts is stored (or refused by a rule with its own code).
 * Nothing answers 5xx. Runs as the owner of 1001 on a database of its own.
 */
const base = '/api/v2/customer/1001/contacts';
const RUNS = 300;

let server: TicketsServer;
let owner: string;

beforeAll(async () => {
  server = await startTicketsServer('contactsfuzz');
  owner = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

const state = async () =>
  (
    await server.sql.query(
      `select (select count(*) from contacts) as contacts, (select count(*) from audit_events) as audit,
              (select string_agg(email, ',' order by position) from technical_emails) as emails,
              (select string_agg(id || ':' || coalesce(call_position, 0), ',' order by id) from contacts) as calls`,
    )
  ).rows[0];

const odd = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '🙂',
  '<script>',
  "'; drop table contacts; --",
  '+31 20 555 1234',
  '06 12345678',
  '0612',
  'x@y.z',
  'a@b',
  'owner',
  'viewer',
  'nl',
  'en',
  'x'.repeat(300),
);
const anyValue = fc.oneof(
  odd,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(odd, { maxLength: 3 }),
);
const roles = fc.oneof(
  fc.subarray(['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer']),
  fc.array(anyValue, { maxLength: 3 }),
  anyValue,
);
let serial = 0;
const contactBody = fc.record(
  {
    first_name: fc.oneof(fc.constant('Fuzz'), anyValue),
    last_name: fc.oneof(fc.constant('Tester'), anyValue),
    email: fc.oneof(
      fc.constant('').map(() => `fuzz${serial++}@example.test`),
      anyValue,
    ),
    phone: fc.oneof(fc.constantFrom('020 555 1234', '+44 20 7946 0018', '', null), anyValue),
    cellular: fc.oneof(fc.constantFrom('06 12345678', null), anyValue),
    roles,
    language: fc.oneof(fc.constantFrom('nl', 'en'), anyValue),
    notifications: fc.oneof(
      fc.record({ email: fc.subarray(['ticket_updates', 'invoices']), chat: fc.subarray(['availability']) }),
      anyValue,
    ),
    external_note: fc.oneof(fc.string({ maxLength: 100 }), anyValue),
    internal_note: anyValue,
    extra: anyValue,
  },
  { requiredKeys: [] },
);

/** Mostly valid bodies with one field made odd (or none), so that both sides of the oracle are walked. */
const nearlyValid = fc
  .record({
    first_name: fc.constantFrom('Anna', 'Ömer', "D'Angelo"),
    last_name: fc.string({ minLength: 1, maxLength: 30 }),
    email: fc.constant('').map(() => `near${serial++}@example.test`),
    phone: fc.constantFrom('020 555 1234', '+44 20 7946 0018', '', null, '0612'),
    roles: fc.subarray(['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer'], {
      minLength: 1,
    }),
    language: fc.constantFrom('nl', 'en'),
  })
  .chain((body) =>
    fc
      // Half keep every field valid, so that enough bodies are stored whatever the random seed (with
      // fast-check's default of one in five the floor below was a few standard deviations away at most).
      .option(fc.tuple(fc.constantFrom(...Object.keys(body), 'internal_note', 'extra'), anyValue), {
        nil: undefined,
        freq: 2,
      })
      .map((change) => (change ? { ...body, [change[0]]: change[1] } : body)),
  );
let stored = 0;

describe('contacts bodies under fuzzing', () => {
  it('POST contacts: stored when the schema accepts it, else 400 and nothing stored; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(contactBody, { arbitrary: nearlyValid, weight: 2 }), async (body) => {
        const parsed = acceptedBody(contactInputSchema, body);
        // A valid address can come up twice (the odd values hold one): the second is a conflict.
        const taken = parsed.success
          ? await server.count('select count(*) from contacts where customer_id = 1001 and email = $1', [
              parsed.data.email,
            ])
          : 0;
        const before = await state();
        const response = await send(server, 'POST', base, { token: owner, json: body });
        const label = JSON.stringify(body);
        expect(response.status, label).toBeLessThan(500);
        if (!parsed.success) {
          expect(response.status, label).toBe(400);
          expect((response.json as Problem).code).toBe('VALIDATION_FAILED');
          expect(await state()).toEqual(before);
          return;
        }
        if (parsed.data.internal_note !== undefined) {
          expect([response.status, (response.json as Problem).code], label).toEqual([
            403,
            'INTERNAL_NOT_ALLOWED',
          ]);
          expect(await state()).toEqual(before);
          return;
        }
        if (taken > 0) {
          expect([response.status, (response.json as Problem).code], label).toEqual([
            409,
            'CONTACT_EMAIL_TAKEN',
          ]);
          expect(await state()).toEqual(before);
          return;
        }
        expect(response.status, label).toBe(201);
        stored += 1;
        const after = await state();
        expect([Number(after?.contacts), Number(after?.audit)]).toEqual([
          Number(before?.contacts) + 1,
          Number(before?.audit) + 1,
        ]);
      }),
      { numRuns: RUNS },
    );
    // The oracle's accepting side was walked, not only the refusals.
    expect(stored).toBeGreaterThan(RUNS / 20);
  });

  it('PUT contacts/{id}, call list and technical e-mails: 400 and nothing changed on a refused body', async () => {
    const id = await server.count(
      "select id as count from contacts where customer_id = 1001 and email = 'bram.kok@goudenkorst.example'",
    );
    const bodies = fc.oneof(
      fc.record(
        { contact_ids: fc.oneof(fc.array(fc.oneof(fc.integer(), anyValue), { maxLength: 4 }), anyValue) },
        { requiredKeys: [] },
      ),
      fc.record(
        { emails: fc.oneof(fc.array(fc.oneof(odd, fc.emailAddress()), { maxLength: 4 }), anyValue) },
        { requiredKeys: [] },
      ),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('call-list', 'technical-emails', String(id)),
        bodies,
        async (path, body) => {
          const schema =
            path === 'call-list'
              ? callListInputSchema
              : path === 'technical-emails'
                ? technicalEmailsSchema
                : contactInputSchema;
          if (acceptedBody(schema, body).success) return;
          const before = await state();
          const response = await send(server, 'PUT', `${base}/${path}`, { token: owner, json: body });
          const label = `${path} ${JSON.stringify(body)}`;
          expect(response.status, label).toBe(400);
          expect(await state()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('malformed JSON and a wrong content type store nothing', async () => {
    const before = await state();
    const broken = await send(server, 'POST', base, {
      token: owner,
      body: '{"first_name": ',
      headers: { 'content-type': 'application/json' },
    });
    const textBody = await send(server, 'POST', base, {
      token: owner,
      body: 'first_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect([broken.status, textBody.status]).toEqual([400, 415]);
    expect(await state()).toEqual(before);
  });
});
