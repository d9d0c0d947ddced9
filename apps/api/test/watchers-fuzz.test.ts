import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-data.ts';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of the watcher routes' path parameters (issue 15 item 3): any ticket number
 * and user id, through GET, PUT and DELETE as the owner of 1001. The oracle: nothing answers 5xx,
 * every refusal is a problem with a code, and the watchers change only on a success, which only a
 * member of 1001 other than the author on a ticket of 1001 gets.
 */
const RUNS = 300;
const ticket = demoTickets.find((t) => t.customerId === 1001 && t.author === 'owner' && !t.watchers.length);
const TICKET = ticket?.number ?? 10001;
const OWNER = demoUsers.find((user) => user.username === 'owner')?.id ?? '';
const members = demoUsers
  .filter((user) => user.memberships.some((m) => m.customerId === 1001) && user.id !== OWNER)
  .map((user) => user.id);
const others = demoUsers.filter((user) => !members.includes(user.id)).map((user) => user.id);

let server: TicketsServer;
let owner: string;

beforeAll(async () => {
  server = await startTicketsServer('watchfuzz');
  owner = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

const watchers = () => server.count('select count(*) from ticket_watchers');

describe('fuzzing the watcher paths', () => {
  const ticketSegment = fc.oneof(
    fc.constantFrom(
      String(TICKET),
      String(TICKET),
      '0',
      '-1',
      '1e3',
      '999999',
      '99999999999999999999',
      '1.5',
    ),
    fc.constantFrom('%00', '..', '%2F', '%', '%zz', 'null'),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const userSegment = fc.oneof(
    fc.constantFrom(...members, ...others, OWNER),
    fc.constantFrom('%00', '%2e%2e', '..', '%2F', '%', '%zz', '%C0%AE', 'null', ' ', '%20'),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.integer({ min: 199, max: 260 }).map((length) => 'u'.repeat(length)),
  );

  it(`never fails, and only members other than the author become watchers (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        ticketSegment,
        userSegment,
        fc.constantFrom('GET', 'PUT', 'DELETE'),
        async (id, user, method) => {
          const before = await watchers();
          const path =
            method === 'GET'
              ? `/api/v2/customer/1001/tickets/${id}/watcher-candidates`
              : `/api/v2/customer/1001/tickets/${id}/watchers/${user}`;
          const response = await send(server, method, path, { token: owner });
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
          const after = await watchers();
          if (response.status >= 400) {
            expect(response.headers.get('content-type')).toContain('application/problem+json');
            expect((response.json as Problem).code).toMatch(/^[A-Z_]+$/);
            expect(after, `${method} ${path}`).toBe(before);
            return;
          }
          if (method === 'GET') {
            expect(response.status).toBe(200);
            expect(after).toBe(before);
            return;
          }
          expect(id).toBe(String(TICKET));
          expect(members).toContain(user);
          if (method === 'PUT') {
            expect(response.status).toBe(200);
            // A new watcher adds a row; one already watching adds none.
            expect([0, 1]).toContain(after - before);
          } else expect([response.status, after]).toEqual([204, before - 1]);
        },
      ),
      { numRuns: RUNS },
    );
  }, 180_000);
});
