import type { Ticket } from '@portaal/contracts';
import { type MyNotificationChoices, notificationChoicesSchema } from '@portaal/contracts/contacts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixSubjects } from './matrix-subjects.ts';
import { form, type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The caller's own notification choices (GET/PUT /api/v2/me/notification-choices): every demo user,
 * staff, the loner and anonymous with exact statuses and counts; nobody sets another's choices; the
 * body fuzzed (no 5xx, nothing stored after a 400); and the notification centre honours the e-mail
 * choice when a ticket is answered.
 */
const base = '/api/v2/me/notification-choices';

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('choices');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
}, 180_000);
afterAll(async () => server?.close());

const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const state = async () =>
  (
    await server.sql.query(
      `select (select string_agg(id || ':' || notifications::text, ',' order by id) from contacts) as choices,
              (select count(*) from audit_events) as audit`,
    )
  ).rows[0];

/** Where each demo user is a contact (and member): customer ids in the order answered (by name). */
const expected: Record<string, number[]> = {
  owner: [1001],
  'financial-moderator': [1001],
  'financial-viewer': [1001],
  'technical-viewer': [1001],
  viewer: [1001],
  multi: [1002, 1003],
  'staff-viewer': [],
  'staff-moderator': [],
  [LONER.username]: [],
};

const subjects = matrixSubjects({
  owner: true,
  'financial-moderator': true,
  'financial-viewer': true,
  'technical-viewer': true,
  viewer: true,
  multi: true,
});

describe.each(subjects)('notification choices: $username', (subject) => {
  it('reads and writes only their own, in the customers where they are a contact', async () => {
    const options = subject.username ? { token: await token(subject.username) } : {};
    const read = await send(server, 'GET', base, options);
    const choice = { email: ['invoices', 'ticket_updates'], chat: ['availability'] };
    if (!subject.username) {
      const write = await send(server, 'PUT', `${base}/1001`, { json: choice });
      expect([read.status, write.status]).toEqual([401, 401]);
      return;
    }
    expect(read.status).toBe(200);
    const entries = read.json as MyNotificationChoices[];
    expect(entries.map((entry) => entry.customer_id)).toEqual(expected[subject.username]);
    const before = await state();
    // Every customer that is not one of theirs: not found, nothing stored.
    for (const customer of [1001, 1002, 1003, 1004, 999_999].filter(
      (id) => !expected[subject.username as string]?.includes(id),
    )) {
      const refused = await send(server, 'PUT', `${base}/${customer}`, { ...options, json: choice });
      expect([refused.status, code(refused)], String(customer)).toEqual([404, 'CONTACT_NOT_FOUND']);
    }
    expect(await state()).toEqual(before);
    for (const entry of entries) {
      const saved = await send(server, 'PUT', `${base}/${entry.customer_id}`, { ...options, json: choice });
      expect(saved.status).toBe(200);
      // Stored in the fixed order of the events, whatever order was sent.
      expect(saved.json).toEqual({ ...entry, email: ['ticket_updates', 'invoices'], chat: ['availability'] });
      const put = await send(server, 'PUT', `${base}/${entry.customer_id}`, {
        ...options,
        json: { email: entry.email, chat: entry.chat },
      });
      expect(put.json).toEqual(entry);
    }
    const after = await state();
    expect(after?.choices).toBe(before?.choices);
    expect(Number(after?.audit)).toBe(Number(before?.audit) + 2 * entries.length);
  });
});

describe('notification choices', () => {
  it('the owner sees the choice on the contact, and it is audited with what changed', async () => {
    const owner = await token('owner');
    await send(server, 'PUT', `${base}/1001`, { token: owner, json: { email: ['invoices'], chat: [] } });
    const [event] = (
      await server.sql.query<{ summary: string; object: string }>(
        "select summary, object from audit_events where action = 'contact.notifications' order by id desc limit 1",
      )
    ).rows;
    expect(event?.summary).toBe(
      'email: ticket_updates, availability, invoices, contract_renewals, mailings → invoices; chat: ticket_updates, availability → –',
    );
    const contactId = Number(event?.object.split('/')[1]);
    const contact = await send(server, 'GET', `/api/v2/customer/1001/contacts/${contactId}`, {
      token: owner,
    });
    expect((contact.json as { notifications: unknown }).notifications).toEqual({
      email: ['invoices'],
      chat: [],
    });
  });

  it('fuzzed bodies: 400 and nothing stored unless the schema accepts them; never 5xx', async () => {
    const owner = await token('owner');
    const event = fc.constantFrom(
      'ticket_updates',
      'availability',
      'invoices',
      'contract_renewals',
      'mailings',
    );
    const odd = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null), fc.boolean(), event);
    const list = fc.oneof(fc.array(event, { maxLength: 6 }), fc.array(odd, { maxLength: 4 }), odd);
    const body = fc.oneof(
      fc.record({ email: list, chat: list, extra: odd }, { requiredKeys: [] }),
      fc.record({ email: fc.uniqueArray(event), chat: fc.uniqueArray(event) }),
      odd,
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const before = await state();
        const response = await send(server, 'PUT', `${base}/1001`, { token: owner, json: value });
        const label = JSON.stringify(value);
        expect(response.status, label).toBeLessThan(500);
        if (!notificationChoicesSchema.safeParse(value).success) {
          expect([response.status, code(response)], label).toEqual([400, 'VALIDATION_FAILED']);
          expect(await state()).toEqual(before);
        } else {
          expect(response.status, label).toBe(200);
          accepted += 1;
        }
      }),
      { numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(10);
  });

  it('the notification centre mails a ticket reply only to those who chose e-mail for tickets', async () => {
    const owner = await token('owner');
    const created = await send(server, 'POST', '/api/v2/customer/1001/tickets', {
      token: owner,
      body: form({
        category: 'technical_request',
        subject: 'Choices test',
        description: 'Does the mail come?',
        priority: '3',
      }),
    });
    const ticket = created.json as Ticket;
    const mailsToOwner = () =>
      server.count(
        `select count(*) from mail_outbox m join users u on u.id = m.user_id
          where u.username = 'owner' and m.subject like $1`,
        [`%#${ticket.ticket_id}%`],
      );
    const staffReply = async (body: string) => {
      const answer = await send(
        server,
        'POST',
        `/api/v2/customer/1001/tickets/${ticket.ticket_id}/messages`,
        {
          token: await token('staff-moderator'),
          json: { body },
        },
      );
      expect(answer.status).toBe(201);
    };
    await send(server, 'PUT', `${base}/1001`, { token: owner, json: { email: ['invoices'], chat: [] } });
    await staffReply('First answer.');
    expect(await mailsToOwner()).toBe(0);
    // The bell still rings: choices are about e-mail and chat.
    expect(
      await server.count(
        `select count(*) from notifications n join users u on u.id = n.user_id
          where u.username = 'owner' and n.ticket_id = $1`,
        [ticket.ticket_id],
      ),
    ).toBe(1);
    await send(server, 'PUT', `${base}/1001`, {
      token: owner,
      json: { email: ['ticket_updates'], chat: [] },
    });
    await staffReply('Second answer.');
    expect(await mailsToOwner()).toBe(1);
  });
});
