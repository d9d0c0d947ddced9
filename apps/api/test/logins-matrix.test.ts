import type { Contact, LoginRemoval } from '@portaal/contracts/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of the logins routes (POST contacts/{id}/invite, POST
 * contacts/{id}/login/invitation, PUT and DELETE contacts/{id}/login): user-admin only. Every demo user, the loner, staff and anonymous against their
 * own customer, another customer and an unknown one, with exact status codes; who may not changes
 * nothing (users, memberships, contacts, audit events, mails, set-password links), who may walks invite →
 * invite again → off → on → remove with one audit event each. Runs on a database of its own.
 */
const UNKNOWN = 999_999;

interface Subject {
  username: string | null;
  target: number;
  other: number;
  admin: boolean;
  /** Also user-admin in `other` (staff moderators are, everywhere). */
  adminElsewhere: boolean;
}

const subjects: Subject[] = [
  { username: 'owner', target: 1001, other: 1002, admin: true, adminElsewhere: false },
  { username: 'financial-moderator', target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: 'financial-viewer', target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: 'technical-viewer', target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: 'viewer', target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: 'multi', target: 1002, other: 1001, admin: true, adminElsewhere: false },
  { username: 'staff-viewer', target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: 'staff-moderator', target: 1001, other: 1002, admin: true, adminElsewhere: true },
  { username: LONER.username, target: 1001, other: 1002, admin: false, adminElsewhere: false },
  { username: null, target: 1001, other: 1002, admin: false, adminElsewhere: false },
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('loginsmatrix');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  // Seeding a database of its own takes a while on a busy machine.
}, 240_000);
afterAll(async () => server?.close());

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const url = (customer: number, contact: number, rest: string) =>
  `/api/v2/customer/${customer}/contacts/${contact}${rest}`;
const state = async () =>
  (
    await server.sql.query(
      `select (select count(*) from users) as users, (select count(*) from audit_events) as audit,
              (select count(*) from mail_outbox) as mails,
              (select string_agg(id || coalesce(action_stamp, '-') || coalesce(signed_in_at::text, '-'), ',' order by id) from users) as logins,
              (select string_agg(user_id || customer_id || role, ',' order by user_id, customer_id) from memberships) as memberships,
              (select string_agg(id || coalesce(user_id, '-') || coalesce(sync, '-'), ',' order by id) from contacts) as contacts`,
    )
  ).rows[0];
/** A contact of the customer with a login (other than the subject's, not an owner), else any contact. */
const withLogin = (customer: number, username: string | null) =>
  server.count(
    `select coalesce(
        min(c.id) filter (where u.username <> coalesce($2, '') and not ('owner' = any(c.roles))),
        min(c.id)) as count
       from contacts c left join users u on u.id = c.user_id where c.customer_id = $1`,
    [customer, username],
  );
const withoutLogin = (customer: number) =>
  server.count('select min(id) as count from contacts where customer_id = $1 and user_id is null', [
    customer,
  ]);

describe.each(subjects)('$username', (subject) => {
  const anonymous = subject.username === null;

  it('invite, login off/on and removal: exact statuses; refused calls change nothing', async () => {
    const options = await auth(subject);
    for (const [customer, allowed] of [
      [subject.target, subject.admin],
      [subject.other, subject.adminElsewhere],
    ] as const) {
      if (allowed) continue;
      const [loginContact, bare] = await Promise.all([
        withLogin(customer, subject.username),
        withoutLogin(customer),
      ]);
      const before = await state();
      const answers = await Promise.all([
        send(server, 'POST', url(customer, bare, '/invite'), options),
        send(server, 'POST', url(customer, loginContact, '/login/invitation'), options),
        send(server, 'PUT', url(customer, loginContact, '/login'), { ...options, json: { enabled: false } }),
        send(server, 'DELETE', url(customer, loginContact, '/login'), options),
      ]);
      const expected = anonymous ? 401 : 403;
      expect(
        answers.map((answer) => answer.status),
        `customer ${customer}`,
      ).toEqual([expected, expected, expected, expected]);
      expect(await state()).toEqual(before);
    }
    const unknown = await Promise.all([
      send(server, 'POST', url(UNKNOWN, 1, '/invite'), options),
      send(server, 'POST', url(UNKNOWN, 1, '/login/invitation'), options),
      send(server, 'PUT', url(UNKNOWN, 1, '/login'), { ...options, json: { enabled: false } }),
      send(server, 'DELETE', url(UNKNOWN, 1, '/login'), options),
    ]);
    expect(unknown.map((answer) => [answer.status, code(answer)])).toEqual(
      anonymous
        ? [
            [401, 'UNAUTHENTICATED'],
            [401, 'UNAUTHENTICATED'],
            [401, 'UNAUTHENTICATED'],
            [401, 'UNAUTHENTICATED'],
          ]
        : [
            [404, 'CUSTOMER_NOT_FOUND'],
            [404, 'CUSTOMER_NOT_FOUND'],
            [404, 'CUSTOMER_NOT_FOUND'],
            [404, 'CUSTOMER_NOT_FOUND'],
          ],
    );
  });

  it('a user-admin walks invite → invite again → off → on → remove, one audit event each; a foreign contact is not found', async () => {
    if (!subject.admin) return;
    const options = await auth(subject);
    const customer = subject.target;
    const suffix = (subject.username ?? '').replace(/\W/g, '');
    const created = await send(server, 'POST', `/api/v2/customer/${customer}/contacts`, {
      ...options,
      json: {
        first_name: 'Matrix',
        last_name: suffix,
        email: `matrix.${suffix}@example.test`,
        roles: ['viewer'],
        language: 'en',
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as Contact).contact_id;
    const before = await state();
    const invited = await send(server, 'POST', url(customer, id, '/invite'), options);
    const again = await send(server, 'POST', url(customer, id, '/login/invitation'), options);
    const off = await send(server, 'PUT', url(customer, id, '/login'), {
      ...options,
      json: { enabled: false },
    });
    const whileOff = await state();
    const offAgain = await send(server, 'POST', url(customer, id, '/login/invitation'), options);
    expect([offAgain.status, code(offAgain)]).toEqual([409, 'LOGIN_TURNED_OFF']);
    expect(await state()).toEqual(whileOff);
    const on = await send(server, 'PUT', url(customer, id, '/login'), {
      ...options,
      json: { enabled: true },
    });
    const removed = await send(server, 'DELETE', url(customer, id, '/login'), options);
    expect([invited.status, again.status, off.status, on.status, removed.status]).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect([
      (invited.json as Contact).invitation_pending,
      (again.json as Contact).invitation_pending,
      (removed.json as LoginRemoval).contact.invitation_pending,
    ]).toEqual([true, true, false]);
    expect([
      (invited.json as Contact).sync,
      (off.json as Contact).sync,
      (on.json as Contact).sync,
      (removed.json as LoginRemoval).identity,
      (removed.json as LoginRemoval).contact.sync,
    ]).toEqual(['active', 'disabled', 'active', 'removed', null]);
    const after = await state();
    expect([Number(after?.users), Number(after?.audit)]).toEqual([
      Number(before?.users) + 1,
      Number(before?.audit) + 5,
    ]);
    const actions = (
      await server.sql.query(
        'select action from audit_events where object = $1 and customer_id = $2 order by id',
        [`contacts/${id}`, customer],
      )
    ).rows.map((row) => row.action);
    expect(actions).toEqual([
      'contact.create',
      'contact.invite',
      'contact.invite_resend',
      'contact.login_disable',
      'contact.login_enable',
      'contact.login_remove',
    ]);
    // Without a login now: turning it off or removing it again is refused.
    const none = await send(server, 'DELETE', url(customer, id, '/login'), options);
    expect([none.status, code(none)]).toEqual([409, 'CONTACT_HAS_NO_LOGIN']);
    // Nor is an invitation sent again: not to a contact without a login, not to a login that has
    // signed in, not to another customer's contact; none of them changes anything.
    const unchanged = await state();
    const signedIn = await withLogin(customer, subject.username);
    const foreignLogin = await withLogin(subject.other, null);
    const [bareAgain, signedInAgain, foreignAgain] = await Promise.all([
      send(server, 'POST', url(customer, id, '/login/invitation'), options),
      send(server, 'POST', url(customer, signedIn, '/login/invitation'), options),
      send(server, 'POST', url(customer, foreignLogin, '/login/invitation'), options),
    ]);
    expect([bareAgain, signedInAgain, foreignAgain].map((answer) => [answer.status, code(answer)])).toEqual([
      [409, 'CONTACT_HAS_NO_LOGIN'],
      [409, 'LOGIN_SIGNED_IN'],
      [404, 'CONTACT_NOT_FOUND'],
    ]);
    expect(await state()).toEqual(unchanged);
    // Another customer's contact through this customer's path: not found.
    const foreign = await withoutLogin(subject.other);
    const foreignAnswer = await send(server, 'PUT', url(customer, foreign, '/login'), {
      ...options,
      json: { enabled: false },
    });
    expect([foreignAnswer.status, code(foreignAnswer)]).toEqual([404, 'CONTACT_NOT_FOUND']);
    expect(
      (await send(server, 'DELETE', `/api/v2/customer/${customer}/contacts/${id}`, options)).status,
    ).toBe(204);
  });
});
