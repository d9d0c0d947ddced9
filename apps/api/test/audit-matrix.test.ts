import type { AuditActor, AuditEvent } from '@portaal/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The audit log (DESIGN.md §8): owners read their customer's log, staff every customer's, nobody else;
 * the PO number change and contact writes each leave one event in the same transaction; filters by
 * person, action and day; keyset paging. A database of its own: it writes events with exact counts.
 */
let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('audit');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  // Two PO changes in 1001 by the owner, one in 1002 by multi, one contact edit in 1001 by staff.
  const owner = await token('owner');
  for (const po of ['PO-A', 'PO-B']) {
    const put = await send(server, 'PUT', '/api/v2/customer/1001', {
      token: owner,
      json: { usage_po_number: po },
    });
    expect(put.status).toBe(200);
  }
  // The same value again changes nothing and writes nothing.
  await send(server, 'PUT', '/api/v2/customer/1001', { token: owner, json: { usage_po_number: 'PO-B' } });
  const multi = await send(server, 'PUT', '/api/v2/customer/1002', {
    token: await token('multi'),
    json: { usage_po_number: 'NW-1' },
  });
  expect(multi.status).toBe(200);
  const emails = await send(server, 'PUT', '/api/v2/customer/1001/contacts/technical-emails', {
    token: await token('staff-moderator'),
    json: { emails: ['noc@goudenkorst.example'] },
  });
  expect(emails.status).toBe(200);
});
afterAll(async () => server?.close());

const log = (customer: number, query = '') => `/api/v2/customer/${customer}/audit-events${query}`;

const subjects: { username: string | null; own: number; read: boolean; staff: boolean }[] = [
  { username: 'owner', own: 1001, read: true, staff: false },
  { username: 'financial-moderator', own: 1001, read: false, staff: false },
  { username: 'financial-viewer', own: 1001, read: false, staff: false },
  { username: 'technical-viewer', own: 1001, read: false, staff: false },
  { username: 'viewer', own: 1001, read: false, staff: false },
  { username: 'multi', own: 1002, read: true, staff: false },
  { username: 'staff-viewer', own: 1001, read: true, staff: true },
  { username: 'staff-moderator', own: 1001, read: true, staff: true },
  { username: LONER.username, own: 1001, read: false, staff: false },
  { username: null, own: 1001, read: false, staff: false },
];

/** Events per customer written in beforeAll. */
const expected: Record<number, string[]> = {
  1001: ['contacts.technical_emails', 'customer.po_number', 'customer.po_number'],
  1002: ['customer.po_number'],
};

describe.each(subjects)('$username', (subject) => {
  it('reads the customer log only as owner or staff, with exact counts; the whole log only as staff', async () => {
    const options = subject.username ? { token: await token(subject.username) } : {};
    const other = subject.own === 1002 ? 1001 : 1002;
    const [own, foreign, all, actors] = await Promise.all([
      send(server, 'GET', log(subject.own), options),
      send(server, 'GET', log(other), options),
      send(server, 'GET', '/api/admin/v2/audit-events', options),
      send(server, 'GET', log(subject.own, '/actors'), options),
    ]);
    if (subject.username === null) {
      return expect([own.status, foreign.status, all.status, actors.status]).toEqual([401, 401, 401, 401]);
    }
    expect([own.status, foreign.status, all.status, actors.status]).toEqual([
      subject.read ? 200 : 403,
      subject.staff ? 200 : 403,
      subject.staff ? 200 : 403,
      subject.read ? 200 : 403,
    ]);
    if (!subject.read) return expect((own.json as Problem).code).toBe('FORBIDDEN');
    expect((own.json as AuditEvent[]).map((event) => event.action)).toEqual(expected[subject.own]);
    if (subject.staff) {
      expect((foreign.json as AuditEvent[]).map((event) => event.action)).toEqual(expected[other]);
      expect((all.json as AuditEvent[]).length).toBe(4);
    }
  });
});

describe('what an event holds, filters and paging', () => {
  it('a PO change: actor, object, before → after, request id', async () => {
    const owner = await token('owner');
    const events = (await send(server, 'GET', log(1001, '?action=customer'), { token: owner }))
      .json as AuditEvent[];
    expect(events.map((event) => event.summary)).toEqual([
      'usage_po_number: PO-A → PO-B',
      expect.stringMatching(/^usage_po_number: .* → PO-A$/),
    ]);
    expect(events[0]).toMatchObject({
      customer_id: 1001,
      actor_name: 'Sanne de Vries',
      object: 'customers/1001',
      actor_id: '6f1c2a10-0001-4a1e-9c01-000000000001',
    });
    expect(events[0]?.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('filters by person, action (or its first part) and day', async () => {
    const owner = await token('owner');
    const actors = (await send(server, 'GET', log(1001, '/actors'), { token: owner })).json as AuditActor[];
    expect(actors.map((actor) => actor.actor_name).sort()).toEqual(['Joris Mulder', 'Sanne de Vries']);
    const staffId = actors.find((actor) => actor.actor_name === 'Joris Mulder')?.actor_id ?? '';
    const byPerson = (await send(server, 'GET', log(1001, `?actor=${staffId}`), { token: owner }))
      .json as AuditEvent[];
    expect(byPerson.map((event) => event.action)).toEqual(['contacts.technical_emails']);
    const exact = (await send(server, 'GET', log(1001, '?action=customer.po_number'), { token: owner })).json;
    expect(exact).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const day = await send(server, 'GET', log(1001, `?from=${today}&to=${today}`), { token: owner });
    expect(day.json).toHaveLength(3);
    const past = await send(server, 'GET', log(1001, '?to=2001-01-01'), { token: owner });
    expect(past.json).toHaveLength(0);
    const bad = await send(server, 'GET', log(1001, '?from=2026-02-30&action=DROP'), { token: owner });
    expect(bad.status).toBe(400);
    expect((bad.json as Problem).errors?.map((error) => error.field).sort()).toEqual(['action', 'from']);
  });

  it('pages newest first through the Link header', async () => {
    const owner = await token('owner');
    const seen: string[] = [];
    let next: string | undefined = log(1001, '?limit=1');
    while (next) {
      const page = await send(server, 'GET', next, { token: owner });
      expect(page.status).toBe(200);
      seen.push(...(page.json as AuditEvent[]).map((event) => event.action));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toEqual(expected[1001]);
  });
});
