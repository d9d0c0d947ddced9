import {
  agreementChangeInputSchema,
  agreementChangesQuerySchema,
  agreementUpdateSchema,
  nextAgreementTotal,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody, acceptedQuery, expectProblem } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the usage agreement calls: the change body, the update body and the
 * changelog's query. The oracle is the contract: what the shared schema accepts is stored (201/200)
 * or, for a change that would take the total below 0, refused with 422; anything else is a 400
 * problem that stores nothing; nothing answers 5xx. Runs as the staff moderator on a database of its
 * own.
 */
const RUNS = 150;
const CUSTOMER = 1004;
const path = `/api/admin/v2/customer/${CUSTOMER}/agreement`;

let server: TicketsServer;
let moderator: string;

beforeAll(async () => {
  server = await startTicketsServer('agrfuzz');
  moderator = await tokenSource(server)('staff-moderator');
}, 120_000);
afterAll(async () => server?.close());

const state = async () => {
  const result = await server.sql.query<{
    changes: string;
    total: string | null;
    po: string | null;
    events: string;
  }>(
    `select (select count(*) from agreement_changes where customer_id = $1) as changes,
            (select total from agreements where customer_id = $1) as total,
            (select po_number from agreements where customer_id = $1) as po,
            (select count(*) from audit_events where action like 'agreement.%') as events`,
    [CUSTOMER],
  );
  return result.rows[0];
};

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'ok\u0000comment',
  'tab\there',
  'line\nbreak',
  '\u007f',
  '\ud800',
  '🙂🙂🙂',
  '%00',
  "'; drop table agreements; --",
  '__proto__',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-0',
  '1.005',
  '99999999999',
  '9999999999.99',
  '.5',
  '5.',
  '+1',
  ' 1.5 ',
);
const anyValue = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
const amount = fc.oneof(
  fc.integer({ min: -5000, max: 5000 }).map((cents) => (cents / 100).toFixed(2)),
  fc.integer({ min: -50, max: 50 }).map(String),
  oddStrings,
  anyValue,
);
const comment = fc.oneof(
  fc.constantFrom('Extra hours agreed', 'ok', 'Used for the migration'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 0, max: 520 }).map((length) => 'c'.repeat(length)),
  oddStrings,
  anyValue,
);
const changeBody = fc.oneof(
  fc.record(
    { amount, comment, renewal: fc.oneof(fc.boolean(), anyValue) },
    { requiredKeys: ['amount', 'comment'] },
  ),
  fc.record({ amount, comment, extra: anyValue }),
  anyValue,
);

describe('fuzz', () => {
  it('POST …/agreement/changes: 201 or 422 exactly when the contract says so, otherwise 400 and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(changeBody, async (body) => {
        const before = await state();
        const response = await send(server, 'POST', `${path}/changes`, { token: moderator, json: body });
        expect(response.status).toBeLessThan(500);
        const parsed = acceptedBody(agreementChangeInputSchema, body);
        if (!parsed.success) {
          expect(response.status).toBe(400);
          expectProblem(response);
          expect(await state()).toEqual(before);
          return;
        }
        const next = nextAgreementTotal(before?.total ?? '0.00', parsed.data.amount, parsed.data.renewal);
        if (next.ok) {
          expect(response.status).toBe(201);
          expect((await state())?.total).toBe(next.total);
        } else {
          expect(response.status).toBe(422);
          expectProblem(response);
          expect(await state()).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('PUT …/agreement: 200 exactly when the contract accepts the body, otherwise 400 and nothing stored', async () => {
    const body = fc.oneof(
      fc.record(
        {
          po_number: fc.oneof(
            fc.constantFrom('PO-1', '', null),
            fc.string({ maxLength: 70 }),
            oddStrings,
            anyValue,
          ),
          unit: fc.oneof(fc.constantFrom('hours', 'days', 'units', 'minutes', ''), anyValue),
        },
        { requiredKeys: [] },
      ),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(body, async (json) => {
        const before = await state();
        const response = await send(server, 'PUT', path, { token: moderator, json });
        expect(response.status).toBeLessThan(500);
        if (acceptedBody(agreementUpdateSchema, json).success) {
          expect(response.status).toBe(200);
        } else {
          expect(response.status).toBe(400);
          expectProblem(response);
          expect(await state()).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('GET …/agreement/changes: 200 or a 400 problem for any query, never 5xx', async () => {
    const query = fc.record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), oddStrings),
        cursor: fc.oneof(oddStrings, fc.string({ maxLength: 40 }), fc.base64String({ maxLength: 60 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (values) => {
        const search = new URLSearchParams(values as Record<string, string>).toString();
        const response = await send(server, 'GET', `${path}/changes?${search}`, { token: moderator });
        expect(response.status).toBeLessThan(500);
        const parsed = acceptedQuery(agreementChangesQuerySchema, values as Record<string, string>);
        if (!parsed.success || parsed.data.cursor) {
          // Every cursor here is made up: none was signed by the API.
          expect(response.status).toBe(400);
          expectProblem(response);
        } else {
          expect(response.status).toBe(200);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('refuses NUL in a comment and in the PO number with 400, and a forged cursor with 400', async () => {
    const before = await state();
    let response = await send(server, 'POST', `${path}/changes`, {
      token: moderator,
      json: { amount: '1.00', comment: 'bad\u0000comment', renewal: false },
    });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.[0]?.field).toBe('comment');
    response = await send(server, 'PUT', path, {
      token: moderator,
      json: { po_number: 'PO\u0000', unit: 'hours' },
    });
    expect(response.status).toBe(400);
    response = await send(server, 'GET', `${path}/changes?cursor=WzFd.AAAAAAAAAAAAAAAAAAAAAA`, {
      token: moderator,
    });
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.[0]?.field).toBe('cursor');
    expect(await state()).toEqual(before);
  });
});
