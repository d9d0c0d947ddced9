import {
  type DeskTicket,
  deskCountsQuerySchema,
  deskQueueQuerySchema,
  deskViews,
  openTicketStatuses,
  savedReplyInputSchema,
  type Ticket,
  ticketCategories,
} from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { acceptedBody, acceptedQuery, expectProblem } from './fuzz-support.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the service desk's queries and bodies (issue 15): the queue's and the
 * counts' query strings, the assignee body, saved replies and every path parameter. The oracle is the
 * contract: what the shared schema accepts is answered (and stored), anything else is a problem with a
 * code that changes nothing; nothing answers 5xx. Runs as the staff moderator on a database of its own.
 */
const RUNS = 300;
const MODERATOR_ID = '6f1c2a10-0008-4a1e-9c01-000000000008';
const TICKET = demoTickets.find((ticket) => ticket.status !== 'closed')?.number ?? 10001;

let server: TicketsServer;
let moderator: string;

beforeAll(async () => {
  server = await startTicketsServer('deskfuzz');
  moderator = await tokenSource(server)('staff-moderator');
});
afterAll(async () => server?.close());

const state = async () => {
  const result = await server.sql.query<{ assigned: string; events: string; replies: string }>(
    `select (select count(*) from tickets where assignee_id is not null) as assigned,
            (select count(*) from ticket_messages where assignment) as events,
            (select count(*) from saved_replies) as replies`,
  );
  const row = result.rows[0];
  return { assigned: Number(row?.assigned), events: Number(row?.events), replies: Number(row?.replies) };
};

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '🙂',
  '%00',
  '%',
  '%zz',
  '..',
  "'; drop table tickets; --",
  '__proto__',
  'none',
  MODERATOR_ID,
  'infinity',
  '-infinity',
);

const value = fc.oneof(
  oddStrings,
  fc.constantFrom(
    ...deskViews,
    ...openTicketStatuses,
    'closed',
    ...ticketCategories,
    '1',
    '2',
    '3',
    '4',
    '0',
  ),
  fc.constantFrom(
    'new,open',
    'open,',
    ',',
    '1,2,3',
    'awaiting_reply,closed',
    '1001',
    '1005',
    '99999999999',
    '-1',
    '1e3',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 0, max: 300 }).map((length) => 'a'.repeat(length)),
  fc.integer().map(String),
);

const queryEntries = fc.dictionary(
  fc.constantFrom(
    'view',
    'customer_id',
    'status',
    'priority',
    'category',
    'assignee',
    'limit',
    'x',
    '__proto__',
  ),
  value,
  { maxKeys: 5 },
);
const encode = (entries: Record<string, string>) => new URLSearchParams(entries).toString();

describe('fuzzing the queue and counts queries', () => {
  it(`answers exactly what the schema accepts, never 5xx (${RUNS} runs each)`, async () => {
    await fc.assert(
      fc.asyncProperty(queryEntries, fc.constantFrom('', '/counts'), async (entries, suffix) => {
        const path = `/api/admin/v2/tickets${suffix}?${encode(entries)}`;
        const response = await send(server, 'GET', path, { token: moderator });
        expect(response.status, path).toBeLessThan(500);
        const accepted = acceptedQuery(
          suffix === '' ? deskQueueQuerySchema : deskCountsQuerySchema,
          entries,
        ).success;
        if (response.status === 200) {
          expect(accepted, path).toBe(true);
          if (suffix === '') {
            const items = response.json as DeskTicket[];
            expect(items.every((ticket) => ticket.status !== 'closed')).toBe(true);
          }
        } else {
          expectProblem(response);
          expect([response.status, accepted], path).toEqual([400, false]);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);

  it('refuses forged and foreign cursors', async () => {
    const tickets = await send(server, 'GET', '/api/v2/customer/1001/tickets?limit=1', { token: moderator });
    const foreign = /cursor=([^&>]+)/.exec(tickets.headers.get('link') ?? '')?.[1];
    expect(foreign).toBeDefined();
    for (const cursor of [
      foreign,
      'x',
      'a.b',
      `${'a'.repeat(40)}.${'b'.repeat(22)}`,
      'W10.AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const response = await send(server, 'GET', `/api/admin/v2/tickets?cursor=${cursor}`, {
        token: moderator,
      });
      expect([response.status, (response.json as Problem).errors?.[0]?.field], cursor).toEqual([
        400,
        'cursor',
      ]);
    }
  });
});

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  oddStrings,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('fuzzing the assignee body', () => {
  it(`assigns only a staff editor or null, and a refusal changes nothing (${RUNS} runs)`, async () => {
    const body = fc.oneof(
      fc.record(
        { assignee_id: fc.oneof(fc.constantFrom(MODERATOR_ID, null), anyValue) },
        { requiredKeys: [] },
      ),
      fc
        .tuple(
          fc.record({ assignee_id: fc.constantFrom(MODERATOR_ID, null) }),
          fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { minKeys: 1, maxKeys: 2 }),
        )
        .map(([good, extra]) => ({ ...extra, ...good })),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const before = await state();
        const response = await send(server, 'PUT', `/api/admin/v2/tickets/${TICKET}/assignee`, {
          token: moderator,
          json: sent,
        });
        expect(response.status).toBeLessThan(500);
        const after = await state();
        const good =
          typeof sent === 'object' &&
          sent !== null &&
          !Array.isArray(sent) &&
          Object.keys(sent).length === 1 &&
          ((sent as { assignee_id?: unknown }).assignee_id === null ||
            (sent as { assignee_id?: unknown }).assignee_id === MODERATOR_ID);
        if (response.status === 200) {
          expect(good, JSON.stringify(sent)).toBe(true);
          const assignee = (sent as { assignee_id: string | null }).assignee_id;
          expect((response.json as Ticket).handled_by?.user_id ?? null).toBe(assignee);
          expect(after.assigned).toBe(assignee === null ? 0 : 1);
        } else {
          expectProblem(response);
          expect(good, JSON.stringify(sent)).toBe(false);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});

describe('fuzzing saved replies', () => {
  it(`stores exactly the bodies the schema accepts (${RUNS} runs)`, async () => {
    const body = fc.oneof(
      fc.record(
        {
          language: fc.oneof(fc.constantFrom('en', 'nl'), anyValue),
          title: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), anyValue, fc.constant('t'.repeat(121))),
          body: fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), anyValue),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const before = await state();
        const response = await send(server, 'POST', '/api/admin/v2/saved-replies', {
          token: moderator,
          json: sent,
        });
        expect(response.status).toBeLessThan(500);
        const accepted = acceptedBody(savedReplyInputSchema, sent).success;
        const after = await state();
        if (response.status === 201) {
          expect(accepted, JSON.stringify(sent)).toBe(true);
          expect(after.replies).toBe(before.replies + 1);
        } else {
          expectProblem(response);
          expect([response.status, accepted], JSON.stringify(sent)).toEqual([400, false]);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});

describe('fuzzing path parameters', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      '1',
      '0',
      '-1',
      '1e3',
      '0x10',
      '10001',
      '999999',
      '99999999999999999999',
      '1.5',
      String(TICKET),
    ),
    fc.constantFrom('%00', '%2e%2e', '..', '%2F', '%', '%zz', '%C0%AE', 'null', 'counts'),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
  it(`never fails and changes nothing (${RUNS} runs)`, async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(segment, fc.constantFrom('GET', 'PUT', 'DELETE'), async (id, method) => {
        const paths =
          method === 'GET'
            ? [`/api/admin/v2/tickets/${id}`]
            : method === 'PUT'
              ? [`/api/admin/v2/tickets/${id}/assignee`, `/api/admin/v2/saved-replies/${id}`]
              : [`/api/admin/v2/saved-replies/${id}`];
        for (const path of paths) {
          // A body that is always refused, so a path that happens to be valid changes nothing either.
          const response = await send(server, method, path, {
            token: moderator,
            ...(method === 'PUT' ? { json: { assignee_id: 12 } } : {}),
          });
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
          if (response.status >= 400) expectProblem(response);
        }
      }),
      { numRuns: RUNS },
    );
    // DELETE of a real saved reply id (1 … 4) removes it; put the count aside for those.
    const after = await state();
    expect(after.assigned).toBe(before.assigned);
    expect(after.events).toBe(before.events);
  }, 180_000);
});
