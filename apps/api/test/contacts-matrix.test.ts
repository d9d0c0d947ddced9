import type { Contact, ContactSummary, TechnicalEmails } from '@portaal/contracts/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContacts, demoTechnicalEmails } from '../src/modules/contacts/contacts.seed.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of the contacts routes (DESIGN.md §7): every demo user, the loner (no
 * membership), staff and anonymous against their own customer, another customer and an unknown one,
 * with exact status codes and counts from the seed; internal notes only in answers to staff; the
 * rules inside the rights (own roles, last owner, user-admin for roles). Writes, so it runs on a
 * database of its own; every write test puts back what it changed.
 */
const UNKNOWN = 999_999;

interface Subject {
  username: string | null;
  target: number;
  /** A customer the subject has no membership in. */
  other: number;
  edit: boolean;
  staff: 'viewer' | 'moderator' | null;
}

const subjects: Subject[] = [
  { username: 'owner', target: 1001, other: 1002, edit: true, staff: null },
  { username: 'financial-moderator', target: 1001, other: 1002, edit: false, staff: null },
  { username: 'financial-viewer', target: 1001, other: 1002, edit: false, staff: null },
  { username: 'technical-viewer', target: 1001, other: 1002, edit: false, staff: null },
  { username: 'viewer', target: 1001, other: 1002, edit: false, staff: null },
  { username: 'multi', target: 1002, other: 1004, edit: true, staff: null },
  { username: 'staff-viewer', target: 1001, other: 1002, edit: false, staff: 'viewer' },
  { username: 'staff-moderator', target: 1001, other: 1002, edit: true, staff: 'moderator' },
  { username: LONER.username, target: 1001, other: 1002, edit: false, staff: null },
  { username: null, target: 1001, other: 1002, edit: false, staff: null },
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('contacts');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const url = (customer: number, rest = '') => `/api/v2/customer/${customer}/contacts${rest}`;
const count = (customer: number) => demoContacts[customer]?.length ?? -1;
const callCount = (customer: number) => demoContacts[customer]?.filter((c) => c.call).length ?? -1;
const firstId = async (customer: number) =>
  server.count('select min(id) as count from contacts where customer_id = $1', [customer]);
const auditCount = () => server.count('select count(*) from audit_events');

const newContact = (suffix: string) => ({
  first_name: 'Test',
  last_name: `Contact ${suffix}`,
  email: `test.${suffix}@example.test`,
  phone: '020 555 9999',
  cellular: '',
  roles: ['technical_viewer'],
  language: 'nl',
});

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;
  const mine = subject.target;
  const other = subject.other;
  const member = subject.username !== LONER.username && !anonymous;

  it('GET contacts, call list and technical e-mails: own, other, unknown customer, exact counts', async () => {
    const options = await auth(subject);
    for (const [rest, expected] of [
      ['', count],
      ['/call-list', callCount],
      ['/technical-emails', (customer: number) => demoTechnicalEmails[customer]?.length ?? 0],
    ] as const) {
      const [a, b, c] = await Promise.all([
        send(server, 'GET', url(mine, rest), options),
        send(server, 'GET', url(other, rest), options),
        send(server, 'GET', url(UNKNOWN, rest), options),
      ]);
      if (anonymous) {
        expect([a.status, b.status, c.status]).toEqual([401, 401, 401]);
        continue;
      }
      expect([a.status, b.status, c.status, code(c)]).toEqual([
        member ? 200 : 403,
        subject.staff ? 200 : 403,
        404,
        'CUSTOMER_NOT_FOUND',
      ]);
      if (!member) continue;
      const size = (json: unknown) =>
        Array.isArray(json) ? json.length : (json as TechnicalEmails).emails.length;
      expect(size(a.json), rest).toBe(expected(mine));
      if (subject.staff) expect(size(b.json), rest).toBe(expected(other));
      if (Array.isArray(a.json)) {
        for (const contact of a.json as Record<string, unknown>[]) {
          expect(contact).not.toHaveProperty('internal_note');
          // The demo logins have signed in: no invitation of theirs is pending.
          if (rest === '') expect(contact.invitation_pending, String(contact.email)).toBe(false);
        }
      }
    }
  });

  it('GET contacts/{id}: internal note only for staff; another customer’s contact is not found', async () => {
    if (!member) return;
    const options = await auth(subject);
    const own = await send(server, 'GET', url(mine, `/${await firstId(mine)}`), options);
    expect(own.status).toBe(200);
    const contact = own.json as Contact;
    expect(contact.customer_id).toBe(mine);
    expect('internal_note' in contact).toBe(subject.staff !== null);
    const foreign = await send(server, 'GET', url(mine, `/${await firstId(other)}`), options);
    expect([foreign.status, code(foreign)]).toEqual([404, 'CONTACT_NOT_FOUND']);
  });

  it('POST, PUT, DELETE contacts: edit rights, one audit event per write, nothing stored when refused', async () => {
    const options = await auth(subject);
    const suffix = (subject.username ?? 'anon').replace(/\W/g, '');
    const beforeAudit = await auditCount();
    const created = await send(server, 'POST', url(mine), { ...options, json: newContact(suffix) });
    const expected = anonymous ? 401 : subject.edit ? 201 : 403;
    expect(created.status).toBe(expected);
    if (!subject.edit) {
      expect(await server.count('select count(*) from contacts where customer_id = $1', [mine])).toBe(
        count(mine),
      );
      expect(await auditCount()).toBe(beforeAudit);
      const put = await send(server, 'PUT', url(mine, `/${await firstId(mine)}`), {
        ...options,
        json: newContact(suffix),
      });
      const del = await send(server, 'DELETE', url(mine, `/${await firstId(mine)}`), options);
      expect([put.status, del.status]).toEqual(anonymous ? [401, 401] : [403, 403]);
      return;
    }
    const contact = created.json as Contact;
    expect(contact).toMatchObject({
      name: `Test Contact ${suffix}`,
      phone: '+31 20 555 9999',
      cellular: null,
      sync: null,
      invitation_pending: false,
    });
    expect(await auditCount()).toBe(beforeAudit + 1);
    const [event] = (
      await server.sql.query(
        'select action, object, customer_id, actor_name from audit_events order by id desc limit 1',
      )
    ).rows;
    expect(event).toMatchObject({
      action: 'contact.create',
      object: `contacts/${contact.contact_id}`,
      customer_id: mine,
    });

    const updated = await send(server, 'PUT', url(mine, `/${contact.contact_id}`), {
      ...options,
      json: { ...newContact(suffix), roles: ['viewer', 'technical_viewer'], external_note: 'Updated' },
    });
    expect(updated.status).toBe(200);
    expect((updated.json as Contact).roles).toEqual(['technical_viewer', 'viewer']);
    expect(await auditCount()).toBe(beforeAudit + 2);

    // Another customer's contact through my customer's path: not found, nothing changes.
    const foreignId = await firstId(other);
    const foreign = await send(server, 'PUT', url(mine, `/${foreignId}`), {
      ...options,
      json: newContact('x'),
    });
    const foreignDelete = await send(server, 'DELETE', url(mine, `/${foreignId}`), options);
    expect([foreign.status, foreignDelete.status]).toEqual([404, 404]);

    const removed = await send(server, 'DELETE', url(mine, `/${contact.contact_id}`), options);
    expect(removed.status).toBe(204);
    expect(await auditCount()).toBe(beforeAudit + 3);
    expect(await server.count('select count(*) from contacts where customer_id = $1', [mine])).toBe(
      count(mine),
    );
  });

  it('internal notes: only staff moderators write them', async () => {
    if (!subject.edit) return;
    const options = await auth(subject);
    const response = await send(server, 'POST', url(mine), {
      ...options,
      json: { ...newContact('internal'), internal_note: 'staff only' },
    });
    if (!subject.staff) {
      expect([response.status, code(response)]).toEqual([403, 'INTERNAL_NOT_ALLOWED']);
      return;
    }
    expect(response.status).toBe(201);
    const id = (response.json as Contact).contact_id;
    expect((response.json as Contact).internal_note).toBe('staff only');
    const seenByOwner = await send(server, 'GET', url(mine, `/${id}`), { token: await token('owner') });
    expect(seenByOwner.json).not.toHaveProperty('internal_note');
    expect((await send(server, 'DELETE', url(mine, `/${id}`), options)).status).toBe(204);
  });
});

describe('rules inside the rights', () => {
  const ownerContact = () =>
    server.count(
      "select id as count from contacts where customer_id = 1001 and email = 'sanne.devries@goudenkorst.example'",
    );
  const daan = () =>
    server.count(
      "select id as count from contacts where customer_id = 1001 and email = 'daan.visser@goudenkorst.example'",
    );
  const body = (roles: string[], email: string, first: string, last: string) => ({
    first_name: first,
    last_name: last,
    email,
    roles,
    language: 'nl',
  });

  it('nobody changes or removes their own login, and the last owner stays', async () => {
    const owner = await token('owner');
    const id = await ownerContact();
    const before = await auditCount();
    const own = await send(server, 'PUT', url(1001, `/${id}`), {
      token: owner,
      json: body(['viewer'], 'sanne.devries@goudenkorst.example', 'Sanne', 'de Vries'),
    });
    expect([own.status, code(own)]).toEqual([403, 'OWN_ROLES_NOT_ALLOWED']);
    const self = await send(server, 'DELETE', url(1001, `/${id}`), { token: owner });
    expect([self.status, code(self)]).toEqual([403, 'OWN_ROLES_NOT_ALLOWED']);
    const staff = await token('staff-moderator');
    const last = await send(server, 'PUT', url(1001, `/${id}`), {
      token: staff,
      json: body(['viewer'], 'sanne.devries@goudenkorst.example', 'Sanne', 'de Vries'),
    });
    expect([last.status, code(last)]).toEqual([409, 'LAST_OWNER']);
    const lastDelete = await send(server, 'DELETE', url(1001, `/${id}`), { token: staff });
    expect([lastDelete.status, code(lastDelete)]).toEqual([409, 'LAST_OWNER']);
    expect(await auditCount()).toBe(before);
  });

  it("a user's role change writes their membership in the same step", async () => {
    const owner = await token('owner');
    const id = await daan();
    const changed = await send(server, 'PUT', url(1001, `/${id}`), {
      token: owner,
      json: body(['viewer'], 'daan.visser@goudenkorst.example', 'Daan', 'Visser'),
    });
    expect(changed.status).toBe(200);
    const role = await server.sql.query(
      "select role from memberships where customer_id = 1001 and user_id = '6f1c2a10-0004-4a1e-9c01-000000000004'",
    );
    expect(role.rows).toEqual([{ role: 'viewer' }]);
    const [event] = (
      await server.sql.query('select action, summary from audit_events order by id desc limit 1')
    ).rows;
    expect(event.action).toBe('contact.roles');
    expect(event.summary).toContain('roles: technical_viewer → viewer');
    const back = await send(server, 'PUT', url(1001, `/${id}`), {
      token: owner,
      json: body(['technical_viewer'], 'daan.visser@goudenkorst.example', 'Daan', 'Visser'),
    });
    expect(back.status).toBe(200);
  });

  it('an e-mail address is unique within the customer', async () => {
    const owner = await token('owner');
    const taken = await send(server, 'POST', url(1001), {
      token: owner,
      json: body(['viewer'], 'Bram.Kok@goudenkorst.example', 'Bram', 'Kok'),
    });
    expect([taken.status, code(taken)]).toEqual([409, 'CONTACT_EMAIL_TAKEN']);
  });

  it('call list and technical e-mails: replaced in order, audited, foreign contacts refused', async () => {
    const owner = await token('owner');
    const list = (await send(server, 'GET', url(1001, '/call-list'), { token: owner }))
      .json as ContactSummary[];
    const reversed = list.map((contact) => contact.contact_id).reverse();
    const before = await auditCount();
    const put = await send(server, 'PUT', url(1001, '/call-list'), {
      token: owner,
      json: { contact_ids: reversed },
    });
    expect(put.status).toBe(200);
    expect(
      (put.json as ContactSummary[]).map((contact) => [contact.contact_id, contact.call_position]),
    ).toEqual(reversed.map((id, index) => [id, index + 1]));
    const foreign = await send(server, 'PUT', url(1001, '/call-list'), {
      token: owner,
      json: { contact_ids: [...reversed, await firstId(1002)] },
    });
    expect([foreign.status, code(foreign)]).toEqual([404, 'CONTACT_NOT_FOUND']);
    const viewer = await send(server, 'PUT', url(1001, '/call-list'), {
      token: await token('viewer'),
      json: { contact_ids: [] },
    });
    expect(viewer.status).toBe(403);
    const emails = await send(server, 'PUT', url(1001, '/technical-emails'), {
      token: owner,
      json: { emails: ['NOC@goudenkorst.example', 'ops@goudenkorst.example'] },
    });
    expect([emails.status, emails.json]).toEqual([
      200,
      { emails: ['noc@goudenkorst.example', 'ops@goudenkorst.example'] },
    ]);
    expect(await auditCount()).toBe(before + 2);
    await send(server, 'PUT', url(1001, '/call-list'), {
      token: owner,
      json: { contact_ids: [...reversed].reverse() },
    });
    await send(server, 'PUT', url(1001, '/technical-emails'), {
      token: owner,
      json: { emails: demoTechnicalEmails[1001] },
    });
  });

  it('call list: adding a contact without a phone or mobile number is refused with 422, storing nothing', async () => {
    const owner = await token('owner');
    const unreachable = await server.count(
      'select min(id) as count from contacts where customer_id = 1001 and phone is null and cellular is null and call_position is null',
    );
    expect(unreachable).toBeGreaterThan(0);
    const list = (await send(server, 'GET', url(1001, '/call-list'), { token: owner }))
      .json as ContactSummary[];
    const ids = list.map((contact) => contact.contact_id);
    expect(ids).not.toContain(unreachable);
    const before = await auditCount();
    const refused = await send(server, 'PUT', url(1001, '/call-list'), {
      token: owner,
      json: { contact_ids: [...ids, unreachable] },
    });
    expect([refused.status, code(refused)]).toEqual([422, 'CALL_LIST_NO_NUMBER']);
    expect((refused.json as Problem).params).toMatchObject({ contact_id: unreachable });
    const after = (await send(server, 'GET', url(1001, '/call-list'), { token: owner }))
      .json as ContactSummary[];
    expect(after.map((contact) => contact.contact_id)).toEqual(ids);
    expect(await auditCount()).toBe(before);
  });

  it('validation: SPEC’s role message, phone numbers and e-mail addresses', async () => {
    const owner = await token('owner');
    const bad = await send(server, 'POST', url(1001), {
      token: owner,
      json: { ...body([], 'not-an-address', 'A', 'B'), phone: '12' },
    });
    expect(bad.status).toBe(400);
    const errors = (bad.json as Problem).errors ?? [];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'roles', message: 'Select at least 1 role' },
        { field: 'email', message: 'Enter a valid e-mail address' },
        { field: 'phone', message: 'Enter a valid phone number' },
      ]),
    );
  });

  it('paging: limit and the Link header walk every contact once', async () => {
    const owner = await token('owner');
    const seen: number[] = [];
    let next: string | undefined = url(1001, '?limit=3');
    while (next) {
      const page = await send(server, 'GET', next, { token: owner });
      expect(page.status).toBe(200);
      seen.push(...(page.json as ContactSummary[]).map((contact) => contact.contact_id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toHaveLength(count(1001));
    expect(new Set(seen).size).toBe(count(1001));
  });

  it('order: by last name, then first name, case-insensitively ("de Boer" among the B\'s), also across pages', async () => {
    const owner = await token('owner');
    const seen: ContactSummary[] = [];
    let next: string | undefined = url(1001, '?limit=2');
    while (next) {
      const page = await send(server, 'GET', next, { token: owner });
      expect(page.status).toBe(200);
      seen.push(...(page.json as ContactSummary[]));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toHaveLength(count(1001));
    const key = (contact: ContactSummary) =>
      [contact.last_name.toLowerCase(), contact.first_name.toLowerCase(), contact.contact_id] as const;
    const expected = [...seen].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2];
    });
    expect(seen.map((contact) => contact.contact_id)).toEqual(expected.map((contact) => contact.contact_id));
    const names = seen.map((contact) => contact.last_name);
    expect(names.indexOf('de Boer')).toBeLessThan(names.indexOf('Visser'));
    expect(names.indexOf('de Vries')).toBeLessThan(names.indexOf('Visser'));
    expect(names.indexOf('Bakker')).toBeLessThan(names.indexOf('de Boer'));
  });
});
