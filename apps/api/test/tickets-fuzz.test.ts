import {
  customerMaySetStatus,
  parseObjectId,
  type Ticket,
  type TicketStatus,
  ticketCategories,
  ticketCreateSchema,
  ticketReplySchema,
  ticketStatuses,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody, expectProblem, refusedByParser } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the create and reply bodies (issue 4, item 6): arbitrary JSON, objects
 * with extra keys, wrong types, huge and odd strings, malformed JSON. The oracle is the contract
 * itself: a body the shared schema accepts (and the rules allow) is stored, anything else answers a
 * problem with a code and stores nothing; nothing answers 5xx. Runs as the owner of 1001 (who may
 * file every request type) on a database of its own.
 */
const CUSTOMER = 1001;
const base = `/api/v2/customer/${CUSTOMER}`;
const BODY_LIMIT = 1_048_576;
const RUNS = 1000;

let server: TicketsServer;
let owner: string;
let replyTicket: number;

async function newTicket(): Promise<number> {
  const created = await send(server, 'POST', `${base}/tickets`, {
    token: owner,
    json: { category: 'technical_request', subject: 'Fuzz target', description: 'Replies land here.' },
  });
  return (created.json as Ticket).ticket_id;
}

beforeAll(async () => {
  server = await startTicketsServer('fuzz');
  owner = await tokenSource(server)('owner');
  replyTicket = await newTicket();
});
afterAll(async () => server?.close());

async function counts() {
  const result = await server.sql.query<{ tickets: string; messages: string; attachments: string }>(
    `select (select count(*) from tickets) as tickets, (select count(*) from ticket_messages) as messages,
            (select count(*) from ticket_attachments) as attachments`,
  );
  const row = result.rows[0];
  return {
    tickets: Number(row?.tickets),
    messages: Number(row?.messages),
    attachments: Number(row?.attachments),
  };
}

/** PostgreSQL stores UTF-8: a lone surrogate arrives as U+FFFD, as it would through any UTF-8 channel. */
const asStored = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

// ——— arbitraries ———

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000bc',
  'abc\u0000',
  '\ud800',
  'x\udfffy z',
  '🙂🙂🙂',
  'Ω≈ç√∫˜µ≤≥÷',
  '\u202Egnp.exe',
  '<script>alert(1)</script>',
  "'; drop table tickets; --",
  '%_\\%',
  '1',
  '2',
  'true',
  'null',
  '{}',
  '__proto__',
);

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 2, arbitrary: oddStrings },
  { weight: 1, arbitrary: fc.integer({ min: 19_995, max: 20_005 }).map((length) => 'é'.repeat(length)) },
  { weight: 1, arbitrary: fc.integer({ min: 195, max: 205 }).map((length) => 'x'.repeat(length)) },
);

const wrong = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const anyValue = fc.oneof(text, wrong, fc.jsonValue({ maxDepth: 2 }));

const extraKeys = fc.dictionary(
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('id', 'status', 'author_id', 'customer_id', 'internal', 'constructor'),
  ),
  fc.jsonValue({ maxDepth: 1 }),
  { minKeys: 1, maxKeys: 3 },
);

const goodSubject = fc
  .string({ unit: 'grapheme', minLength: 3, maxLength: 80 })
  .filter((s) => s.trim().length >= 3);
const goodText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 300 })
  .filter((s) => s.trim().length >= 1);
const priority = fc.oneof(
  fc.constantFrom(1, 2, 3, '1', '2', '3'),
  fc.constantFrom(0, 4, '1.5', '', ' 2', '2 ', 'one', 1.5, -1),
);

const createShaped = fc.record(
  {
    category: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ticketCategories) }, anyValue),
    subject: fc.oneof({ weight: 3, arbitrary: goodSubject }, text, wrong),
    description: fc.oneof({ weight: 3, arbitrary: goodText }, text, wrong),
    priority: fc.oneof(priority, wrong),
  },
  { requiredKeys: [] },
);

/** Bodies the contract accepts, with odd but valid values (numbers as strings, Unicode, no priority). */
const createValid = fc.record(
  {
    category: fc.constantFrom(...ticketCategories),
    subject: goodSubject,
    description: goodText,
    priority: fc.constantFrom(1, 2, 3, '1', '2', '3'),
  },
  { requiredKeys: ['category', 'subject', 'description'] },
);

/** A body as sent: a JSON value, or raw text that may not even be JSON. */
type Sent = { json: unknown } | { raw: string };

const bodies = (
  valid: fc.Arbitrary<Record<string, unknown>>,
  shaped: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Sent> =>
  fc.oneof(
    { weight: 4, arbitrary: valid.map((json) => ({ json })) },
    { weight: 5, arbitrary: shaped.map((json) => ({ json })) },
    {
      weight: 2,
      arbitrary: fc.tuple(shaped, extraKeys).map(([json, extra]) => ({ json: { ...extra, ...json } })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('{', '{"subject":', '[1,2', '{"a":1}}', 'nul', '"x"'),
        )
        .map((raw) => ({ raw })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: BODY_LIMIT, max: BODY_LIMIT + 2000 }).map((size) => ({
        json: { category: 'technical_request', subject: 'Too big', description: 'x'.repeat(size) },
      })),
    },
  );

function bodyText(sent: Sent): string {
  return 'raw' in sent ? sent.raw : JSON.stringify(sent.json);
}

/** What Fastify's JSON parser makes of the text: a value, or undefined when it is not JSON. */
function parsed(textBody: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(textBody) };
  } catch {
    return undefined;
  }
}

async function post(path: string, sent: Sent) {
  const response = await send(server, 'POST', path, {
    token: owner,
    body: bodyText(sent),
    headers: { 'content-type': 'application/json' },
  });
  return response;
}

describe('fuzzing the create body', () => {
  it(`never fails, stores exactly the valid bodies (${RUNS} runs)`, async () => {
    const outcomes = { created: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(bodies(createValid, createShaped), async (sent) => {
        const before = await counts();
        const response = await post(`${base}/tickets`, sent);
        const after = await counts();
        expect(response.status, bodyText(sent).slice(0, 300)).toBeLessThan(500);
        const textBody = bodyText(sent);
        const value = parsed(textBody);
        const valid = value === undefined ? undefined : acceptedBody(ticketCreateSchema, value.value);
        if (Buffer.byteLength(textBody) > BODY_LIMIT) {
          expect(response.status).toBe(413);
        } else if (valid?.success) {
          expect(response.status, JSON.stringify(response.json)).toBe(201);
          const ticket = response.json as Ticket;
          expect(ticket.subject).toBe(asStored(valid.data.subject));
          expect(ticket.messages[0]?.body).toBe(asStored(valid.data.description));
          expect(ticket.priority).toBe(valid.data.priority);
          expect(after).toEqual({ ...before, tickets: before.tickets + 1, messages: before.messages + 1 });
          outcomes.created++;
          return;
        } else {
          expect(response.status).toBe(400);
        }
        expectProblem(response);
        expect(after).toEqual(before);
        outcomes.refused++;
      }),
      { numRuns: RUNS },
    );
    // The generators must reach both outcomes often, or the property proves little.
    expect(outcomes.created).toBeGreaterThan(RUNS / 10);
    expect(outcomes.refused).toBeGreaterThan(RUNS / 10);
  }, 180_000);
});

const replyShaped = fc.record(
  {
    body: fc.oneof({ weight: 3, arbitrary: goodText }, text, wrong),
    internal: fc.oneof(fc.constantFrom(false, 'false', true, 'true'), anyValue),
    status: fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...ticketStatuses) }, anyValue),
  },
  { requiredKeys: ['body'] },
);

const replyValid = fc.record(
  {
    body: goodText,
    internal: fc.constantFrom(false, 'false'),
    status: fc.constantFrom('closed', 'open'),
  },
  { requiredKeys: ['body'] },
);

describe('fuzzing the reply body', () => {
  it(`never fails, stores exactly the valid replies the rules allow (${RUNS} runs)`, async () => {
    const outcomes = { replied: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(bodies(replyValid, replyShaped), async (sent) => {
        // Every answer carries the whole thread: a fresh ticket now and then keeps the run quick.
        const ticket = await server.sql.query<{ status: TicketStatus; message_count: number }>(
          'select status, message_count from tickets where id = $1',
          [replyTicket],
        );
        let current = ticket.rows[0]?.status as TicketStatus;
        if ((ticket.rows[0]?.message_count ?? 0) >= 25) {
          replyTicket = await newTicket();
          current = 'new';
        }
        const before = await counts();
        const response = await post(`${base}/tickets/${replyTicket}/messages`, sent);
        const after = await counts();
        expect(response.status, bodyText(sent).slice(0, 300)).toBeLessThan(500);
        const textBody = bodyText(sent);
        const value = parsed(textBody);
        const valid = value === undefined ? undefined : acceptedBody(ticketReplySchema, value.value);
        if (Buffer.byteLength(textBody) > BODY_LIMIT) {
          expect(response.status).toBe(413);
        } else if (!valid?.success) {
          expect(response.status).toBe(400);
        } else if (valid.data.internal) {
          // The owner is a customer: internal notes are for the service desk.
          expect(response.status).toBe(403);
          expect((response.json as Problem).code).toBe('INTERNAL_NOT_ALLOWED');
        } else if (valid.data.status !== undefined && !customerMaySetStatus(current, valid.data.status)) {
          expect(response.status).toBe(403);
          expect((response.json as Problem).code).toBe('STATUS_CHANGE_NOT_ALLOWED');
        } else {
          expect(response.status, JSON.stringify(response.json)).toBe(201);
          const ticket = response.json as Ticket;
          expect(ticket.messages.at(-1)?.body).toBe(asStored(valid.data.body));
          expect(after).toEqual({ ...before, messages: before.messages + 1 });
          outcomes.replied++;
          return;
        }
        expectProblem(response);
        expect(after).toEqual(before);
        outcomes.refused++;
      }),
      { numRuns: RUNS },
    );
    expect(outcomes.replied).toBeGreaterThan(RUNS / 10);
    expect(outcomes.refused).toBeGreaterThan(RUNS / 10);
  }, 180_000);
});

/**
 * The ticket's landscape object (issue 11): of customer 1001's objects, these inputs name one (mapped to
 * the id the ticket stores); every other string — another customer's object, ids with extra or
 * encoded slashes, `..`, odd numbers, huge text — is refused on the field and stores nothing.
 */
const ownObjects: Record<string, string> = {
  'devices/1': 'devices/1',
  'devices/16': 'devices/16',
  'virtual-machines/12': 'virtual-machines/12',
  'racks/2': 'racks/2',
  'kubernetes-clusters/1': 'kubernetes-clusters/1',
  'vmware-clusters/1': 'vmware-clusters/1',
  'prefixes/10.20.0.0/24': 'prefixes/10.20.0.0/24',
  'prefixes/2001:db8:20:110::/64': 'prefixes/2001:db8:20:110::/64',
  'ip-addresses/10.20.0.50/24': 'ip-addresses/10.20.0.50/24',
  'ip-addresses/10.20.0.50': 'ip-addresses/10.20.0.50/24',
};
const notOwn = fc
  .oneof(
    fc.constantFrom(
      'devices/17',
      'virtual-machines/13',
      'racks/3',
      'kubernetes-clusters/2',
      'vmware-clusters/2',
      'vmware-clusters/3',
      'prefixes/10.30.0.0/24',
      'ip-addresses/10.30.0.50/24',
      'ip-addresses/10.20.0.50/32',
      'prefixes/10.20.0.0/25',
      'devices/0',
      'devices/01',
      'devices/-1',
      'devices/2147483648',
      'devices/99999999999',
      'devices/1/',
      '/devices/1',
      'devices//1',
      'devices/1/..',
      'devices/../devices/1',
      'prefixes/10.20.0.0%2F24',
      'prefixes/10.20.0.0/24/../..',
      'ip-addresses/..',
      'Devices/1',
      ' devices/1',
      'devices/1 ',
      'devices',
      'devices/',
      '',
      '../../etc/passwd',
      'servers/1',
      `prefixes/${'1'.repeat(300)}`,
    ),
    // Random text only where it is no object id at all: a random valid id could be one of 1001's.
    fc
      .oneof(
        fc.string({ maxLength: 40 }),
        fc
          .tuple(
            fc.constantFrom('devices', 'prefixes', 'ip-addresses', 'racks'),
            fc.string({ maxLength: 30 }),
          )
          .map(([kind, key]) => `${kind}/${key}`),
      )
      .filter((id) => parseObjectId(id) === undefined),
  )
  .filter((id) => !Object.hasOwn(ownObjects, id));

describe('fuzzing the landscape object of a new ticket', () => {
  const RUNS_OBJECT = 300;
  it(`stores exactly the customer's own objects, refuses every other id on the field (${RUNS_OBJECT} runs)`, async () => {
    const outcomes = { created: 0, refused: 0 };
    const created = new Map<string, number[]>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...Object.keys(ownObjects)),
          notOwn,
          anyValue,
          // Names every plain object has: an id is looked up as data, never as a property.
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
        ),
        async (id) => {
          const before = await counts();
          const response = await send(server, 'POST', `${base}/tickets`, {
            token: owner,
            json: {
              category: 'technical_request',
              subject: 'Object fuzz',
              description: 'x',
              landscape_object_id: id,
            },
          });
          expect(response.status, JSON.stringify(id)).toBeLessThan(500);
          const canonical =
            typeof id === 'string' && Object.hasOwn(ownObjects, id) ? ownObjects[id] : undefined;
          if (canonical !== undefined) {
            expect(response.status, JSON.stringify(response.json)).toBe(201);
            const ticket = response.json as Ticket;
            expect(ticket.landscape_object?.id).toBe(canonical);
            created.set(canonical, [...(created.get(canonical) ?? []), ticket.ticket_id]);
            outcomes.created++;
            return;
          }
          expect(response.status, JSON.stringify(id)).toBe(400);
          expectProblem(response);
          // A body the JSON parser refuses has no field errors: it is refused before any field is read.
          if (!refusedByParser(id)) {
            expect((response.json as Problem).errors?.map((error) => error.field)).toEqual([
              'landscape_object_id',
            ]);
          }
          expect(await counts()).toEqual(before);
          outcomes.refused++;
        },
      ),
      // Found by a random seed: zod also ran `max` on an object with a `length` and named the field twice.
      { numRuns: RUNS_OBJECT, examples: [[{ length: ':' }], [{ length: 500 }]] },
    );
    expect(outcomes.created).toBeGreaterThan(RUNS_OBJECT / 10);
    expect(outcomes.refused).toBeGreaterThan(RUNS_OBJECT / 10);
    // The list filter finds exactly what was filed about each object, newest first.
    for (const [canonical, ids] of created) {
      const response = await send(
        server,
        'GET',
        `${base}/tickets?${new URLSearchParams({ landscape_object_id: canonical, limit: '100' })}`,
        { token: owner },
      );
      expect(response.status).toBe(200);
      expect((response.json as Ticket[]).map((ticket) => ticket.ticket_id)).toEqual([...ids].reverse());
    }
  }, 180_000);

  it('the list filter answers 200 or 400 for any id, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(notOwn, fc.constantFrom(...Object.keys(ownObjects))), async (id) => {
        const query = new URLSearchParams({ landscape_object_id: id }).toString();
        const response = await send(server, 'GET', `${base}/tickets?${query}`, { token: owner });
        expect([200, 400], id).toContain(response.status);
        if (response.status === 400) expectProblem(response);
      }),
      { numRuns: 200 },
    );
    // Encoded slashes and dot segments in the raw query string, as a browser would not send them.
    for (const raw of ['devices%2F1', 'prefixes%2F10.20.0.0%2F24', 'devices/..%2F1', '%2e%2e/%2e%2e']) {
      const response = await send(server, 'GET', `${base}/tickets?landscape_object_id=${raw}`, {
        token: owner,
      });
      expect(response.status, raw).toBeLessThan(500);
    }
  }, 120_000);
});

describe('malformed multipart and other content types', () => {
  const boundary = '----portaalfuzz';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
  const fields =
    part('category', 'technical_request') +
    part('subject', 'Malformed multipart') +
    part('description', 'Body');
  const multipart = `multipart/form-data; boundary=${boundary}`;

  const cases: [label: string, contentType: string, body: string, status: number][] = [
    ['no boundary in the content type', 'multipart/form-data', `${fields}--${boundary}--\r\n`, 400],
    [
      'a boundary that never occurs',
      'multipart/form-data; boundary=other',
      `${fields}--${boundary}--\r\n`,
      400,
    ],
    ['truncated before the closing boundary', multipart, fields + filePart('a.txt', 'half a fi'), 400],
    [
      'truncated inside a part header',
      multipart,
      `${fields}--${boundary}\r\nContent-Disposition: form-da`,
      400,
    ],
    ['an empty body', multipart, '', 400],
    ['only the closing boundary', multipart, `--${boundary}--\r\n`, 400],
    ['garbage', multipart, '\u0000\u0001\u0002garbage', 400],
    ['a field sent twice', multipart, `${fields}${part('subject', 'Again')}--${boundary}--\r\n`, 400],
    ['a prototype field name', multipart, `${fields}${part('__proto__', 'x')}--${boundary}--\r\n`, 400],
    [
      'a field over the size limit',
      multipart,
      `${part('description', 'x'.repeat(200_000))}--${boundary}--\r\n`,
      413,
    ],
    [
      'too many fields',
      multipart,
      `${Array.from({ length: 12 }, (_, index) => part(`f${index}`, 'x')).join('')}--${boundary}--\r\n`,
      413,
    ],
    ['text/plain', 'text/plain', 'category=technical_request', 415],
    [
      'a form-urlencoded body',
      'application/x-www-form-urlencoded',
      'category=technical_request&subject=abc',
      415,
    ],
    ['XML', 'application/xml', '<ticket/>', 415],
  ];
  it.each(cases.map(([label, contentType, body, status]) => ({ label, contentType, body, status })))(
    '$label answers $status and stores nothing',
    async ({ contentType, body, status }) => {
      for (const path of [`${base}/tickets`, `${base}/tickets/${replyTicket}/messages`]) {
        const before = await counts();
        const response = await send(server, 'POST', path, {
          token: owner,
          body,
          headers: { 'content-type': contentType },
        });
        expect(response.status, JSON.stringify(response.json)).toBe(status);
        expectProblem(response);
        expect(await counts()).toEqual(before);
      }
    },
  );

  it('a request body cut off by the client leaves nothing behind and the server answering', async () => {
    const before = await counts();
    const { request } = await import('node:http');
    const url = new URL(`${server.baseUrl}${base}/tickets`);
    await new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${owner}`,
            'content-type': multipart,
            'content-length': '100000',
          },
        },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      req.on('error', () => resolve());
      req.write(fields + filePart('a.txt', 'x'.repeat(1000)).slice(0, -10));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    const health = await send(server, 'GET', `${base}/tickets/${replyTicket}`, { token: owner });
    expect(health.status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});

describe('fuzzing paths and query strings', () => {
  /** Path segments and query values as a client could send them, percent-encoded or not. */
  const segment = fc.oneof(
    fc.constantFrom(
      '1001',
      '1002',
      '999999',
      '0',
      '-1',
      '1e3',
      '0x10',
      '10001',
      '99999999999999999999',
      '1.5',
    ),
    fc.constantFrom('%00', '%2e%2e', '..', '%2F', '%', '%zz', '%C0%AE', '%E2%80%AE', 'null', '[]', '{}'),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    fc.integer().map(String),
  );
  const value = fc.oneof(
    segment,
    fc.constantFrom('new,open', 'closed,', ',', '1,2,3,4', 'incident_request', 'open,open', ''),
    fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
    fc.integer({ min: 0, max: 300 }).map((length) => 'a'.repeat(length)),
  );
  const query = fc
    .dictionary(
      fc.constantFrom(
        'status',
        'priority',
        'category',
        'search',
        'limit',
        'cursor',
        'unread',
        'x',
        '__proto__',
      ),
      value,
      { maxKeys: 4 },
    )
    .map((entries) =>
      Object.entries(entries)
        .map(([key, text]) => `${key}=${text}`)
        .join('&'),
    );
  const route = fc.oneof(
    fc.tuple(segment, query).map(([customer, q]) => `/api/v2/customer/${customer}/tickets?${q}`),
    fc.tuple(segment, segment).map(([customer, ticket]) => `/api/v2/customer/${customer}/tickets/${ticket}`),
    fc
      .tuple(segment, segment, segment)
      .map(
        ([customer, ticket, file]) => `/api/v2/customer/${customer}/tickets/${ticket}/attachments/${file}`,
      ),
    segment.map((customer) => `/api/v2/customer/${customer}/request-types`),
    query.map((q) => `/api/v2/me/notifications?${q}`),
    query.map((q) => `/api/admin/v2/outbox?${q}`),
  );

  it(`never fails and changes nothing (${RUNS / 2} GET requests)`, async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(route, async (path) => {
        const response = await send(server, 'GET', path, { token: owner });
        expect(response.status, path).toBeLessThan(500);
        if (response.status >= 400) expectProblem(response);
      }),
      { numRuns: RUNS / 2 },
    );
    expect(await counts()).toEqual(before);
  }, 180_000);

  it(`a status change with any body never fails, and only a valid one changes the ticket (${RUNS / 2} runs)`, async () => {
    const path = `${base}/tickets/${replyTicket}`;
    const statusBody = fc.oneof(
      fc.record({ status: fc.oneof(fc.constantFrom(...ticketStatuses), anyValue) }, { requiredKeys: [] }),
      fc.tuple(fc.record({ status: fc.constantFrom(...ticketStatuses) }), extraKeys).map(([body, extra]) => ({
        ...extra,
        ...body,
      })),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(statusBody, async (body) => {
        const before = (await send(server, 'GET', path, { token: owner })).json as Ticket;
        const response = await send(server, 'PATCH', path, { token: owner, json: body });
        expect(response.status).toBeLessThan(500);
        const after = (await send(server, 'GET', path, { token: owner })).json as Ticket;
        if (response.status < 300) {
          expect(after.status).toBe((body as { status: TicketStatus }).status);
        } else {
          expectProblem(response);
          expect(after.status).toBe(before.status);
          expect(after.messages).toHaveLength(before.messages.length);
        }
      }),
      { numRuns: RUNS / 2 },
    );
  }, 180_000);
});
