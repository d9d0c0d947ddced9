import type { Mailing, MailingPreview, MailingProgress, MailingSummary } from '@portaal/contracts/mailings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { seedDemoMailingChoices } from '../src/modules/contacts/contacts.seed.ts';
import { createMailingsRepo } from '../src/modules/mailings/mailings.repo.ts';
import { seedDemoMailings } from '../src/modules/mailings/mailings.seed.ts';
import { createMailingSender } from '../src/modules/mailings/mailings.send.ts';
import { createMailDelivery } from '../src/modules/notifications/mail-delivery.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Mass mailings (decision 0026): the authorization matrix of every mailing route for every demo user,
 * the loner and anonymous; the recipient query (notification choices, one mail per address); a send
 * mails each recipient exactly once, in their language, also when the job runs again; audit events,
 * paging. Writes, so it runs on a seeded database of its own.
 */
const subjects: { username: string | null; reads: boolean; sends: boolean }[] = [
  { username: 'owner', reads: false, sends: false },
  { username: 'financial-moderator', reads: false, sends: false },
  { username: 'financial-viewer', reads: false, sends: false },
  { username: 'technical-viewer', reads: false, sends: false },
  { username: 'viewer', reads: false, sends: false },
  { username: 'multi', reads: false, sends: false },
  { username: 'staff-viewer', reads: true, sends: false },
  { username: 'staff-moderator', reads: true, sends: true },
  { username: LONER.username, reads: false, sends: false },
  { username: null, reads: false, sends: false },
];

const content = {
  label: 'Maintenance November',
  sender: 'The service desk',
  subject: { en: 'Planned maintenance on 30 November', nl: 'Gepland onderhoud op 30 november' },
  body: {
    en: 'On 30 November we update the storage cluster. No downtime is expected.',
    nl: 'Op 30 november werken we het opslagcluster bij. Er wordt geen onderbreking verwacht.',
  },
};
/**
 * Three demo customers and the eight of their contacts who chose mailings (contacts.seed.ts): three
 * Dutch at 1001, three English at 1002, two Dutch at 1003.
 */
const demoQuery = { customer_ids: [1001, 1002, 1003] };
const demoRecipients = [
  ['charlotte.evans@northwind.example', 'en'],
  ['femke.hendriks@goudenkorst.example', 'nl'],
  ['george.patel@northwind.example', 'en'],
  ['maarten.vandijk@vandijkadvocaten.example', 'nl'],
  ['oliver.hughes@northwind.example', 'en'],
  ['sanne.devries@goudenkorst.example', 'nl'],
  ['sophie.degraaf@vandijkadvocaten.example', 'nl'],
  ['willem.deboer@goudenkorst.example', 'nl'],
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
let draftId: number;

const outboxOf = (mailingId: number) =>
  server.sql.query<{ recipient: string; language: string; subject: string; text: string }>(
    `select recipient, language, subject, text from mail_outbox where idempotency_key like $1 order by recipient`,
    [`mailing:${mailingId}:%`],
  );

const progressOf = async (mailingId: number, moderator: string) =>
  (await send(server, 'GET', `/api/admin/v2/mailings/${mailingId}/progress`, { token: moderator }))
    .json as MailingProgress;

/** Until the mailing job (run in this process: no pg-boss here) has written every recipient's mail. */
async function untilWritten(mailingId: number) {
  const deadline = Date.now() + 20_000;
  while (
    (await server.count(
      `select count(*) from mailing_deliveries where mailing_id = $1 and status = 'pending'`,
      [mailingId],
    )) > 0
  ) {
    if (Date.now() > deadline) throw new Error(`mailing ${mailingId} still has pending deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Delivers the mailing's outbox mails to the given addresses (all when none are named) with the mail
 * job's own delivery: without SMTP they are kept as delivered ('stored'); `giveUp` makes it give up
 * on them instead (no attempt left), as it does when the mail server keeps refusing.
 */
async function deliver(
  mailingId: number,
  { only, giveUp = false }: { only?: string[]; giveUp?: boolean } = {},
) {
  const { pool } = createDatabase(server.databaseUrl, 2);
  const delivery = createMailDelivery({
    pool,
    mailFrom: 'portaal@example.com',
    maxAttempts: giveUp ? 0 : 10,
  });
  try {
    const ids = (
      await server.sql.query<{ id: number; recipient: string }>(
        `select id::int as id, recipient from mail_outbox where idempotency_key like $1 and status = 'pending'`,
        [`mailing:${mailingId}:%`],
      )
    ).rows.filter((row) => !only || only.includes(row.recipient));
    for (const row of ids) await delivery.deliver(row.id, { finalAttempt: giveUp });
  } finally {
    delivery.close();
    await pool.end();
  }
}

beforeAll(async () => {
  server = await startTicketsServer('mailings');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
  const created = await send(server, 'POST', '/api/admin/v2/mailings', {
    token: await token('staff-moderator'),
    json: { ...content, query: demoQuery },
  });
  expect(created.status).toBe(201);
  draftId = (created.json as Mailing).mailing_id;
}, 120_000);
afterAll(async () => server?.close());

describe.each(subjects)('$username', (subject) => {
  const auth = async () => (subject.username ? { token: await token(subject.username) } : {});
  const denied = subject.username === null ? 401 : 403;

  it('POST …/mailings/recipients', async () => {
    const response = await send(server, 'POST', '/api/admin/v2/mailings/recipients', {
      ...(await auth()),
      json: demoQuery,
    });
    expect(response.status).toBe(subject.reads ? 200 : denied);
    if (subject.reads) {
      const preview = response.json as MailingPreview;
      expect(preview.count).toBe(8);
      expect(preview.languages).toEqual({ en: 3, nl: 5 });
    }
  });

  it('GET …/mailings, …/{id} and …/{id}/progress', async () => {
    for (const path of ['/api/admin/v2/mailings', `/api/admin/v2/mailings/${draftId}`]) {
      const response = await send(server, 'GET', path, await auth());
      expect(response.status).toBe(subject.reads ? 200 : denied);
    }
    if (subject.reads) {
      const list = (await send(server, 'GET', '/api/admin/v2/mailings?limit=100', await auth()))
        .json as MailingSummary[];
      // The demo's sent mailings (mailings.seed.ts), with their counts kept when recounted.
      expect(list.find((mailing) => mailing.label === 'Maintenance window Amsterdam 1')).toMatchObject({
        status: 'sent',
        total: 6,
        delivered: 6,
        waiting: 0,
        failed: 0,
        sent_at: '2026-09-01T09:00:00.000000Z',
      });
      expect(list.find((mailing) => mailing.label === 'New portal features October')).toMatchObject({
        status: 'sent',
        total: 10,
        delivered: 9,
        waiting: 0,
        failed: 1,
      });
    }
    const progress = await send(server, 'GET', `/api/admin/v2/mailings/${draftId}/progress`, await auth());
    expect(progress.status).toBe(subject.reads ? 200 : denied);
    if (subject.reads) expect((progress.json as MailingProgress).mailing_id).toBe(draftId);
  });

  it('GET an unknown mailing', async () => {
    const response = await send(server, 'GET', '/api/admin/v2/mailings/999999', await auth());
    expect(response.status).toBe(subject.reads ? 404 : denied);
    if (subject.reads) expect((response.json as Problem).code).toBe('MAILING_NOT_FOUND');
  });

  it('POST …/mailings and …/{id}/send', async () => {
    const before = await server.count('select count(*) from mailings');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      ...(await auth()),
      json: { ...content, label: `Matrix ${subject.username}`, query: { customer_ids: [1002] } },
    });
    expect(created.status).toBe(subject.sends ? 201 : denied);
    expect(await server.count('select count(*) from mailings')).toBe(before + (subject.sends ? 1 : 0));
    const target = subject.sends ? (created.json as Mailing).mailing_id : draftId;
    const sent = await send(server, 'POST', `/api/admin/v2/mailings/${target}/send`, await auth());
    expect(sent.status).toBe(subject.sends ? 202 : denied);
    if (subject.sends) expect((sent.json as MailingProgress).total).toBe(3);
  });
});

describe('recipients', () => {
  it('are the contacts who chose mailings, once per address, narrowed by every given list', async () => {
    const moderator = await token('staff-moderator');
    // Two more contacts of 1004: one chose mailings, one did not; and Oliver's address at 1004 again.
    await server.sql.query(
      `insert into contacts (customer_id, first_name, last_name, email, roles, language, notifications) values
       (1004, 'Iris', 'Mulder', 'iris.mulder@example.nl', '{technical_viewer}', 'nl', '{"email":["mailings"],"chat":[]}'),
       (1004, 'Tom', 'Berg', 'tom.berg@example.nl', '{owner}', 'nl', '{"email":["ticket_updates"],"chat":[]}'),
       (1004, 'Oliver', 'Hughes', 'oliver.hughes@northwind.example', '{owner}', 'en', '{"email":["mailings"],"chat":[]}')`,
    );
    const preview = async (json: unknown) =>
      (await send(server, 'POST', '/api/admin/v2/mailings/recipients', { token: moderator, json }))
        .json as MailingPreview;
    const all = await preview({ customer_ids: [1001, 1002, 1003, 1004] });
    expect(all.recipients.map((r) => r.email)).toEqual(
      [
        ...demoRecipients.map(([email]) => email),
        'harriet.cole@greenfield.example',
        'iris.mulder@example.nl',
        'samuel.brooks@greenfield.example',
      ].sort(),
    );
    expect(all.recipients.find((r) => r.email.startsWith('oliver'))?.customer_id).toBe(1002);
    expect((await preview({ customer_ids: [1004], roles: ['technical_viewer'] })).count).toBe(2);
    expect((await preview({ customer_ids: [1004], roles: ['financial_viewer'] })).count).toBe(0);
    expect((await preview({ customer_ids: [1001, 1002, 1003, 1004], languages: ['en'] })).count).toBe(
      await server.count(
        `select count(distinct c.email) from contacts c join customers cu using (customer_id)
         where cu.language = 'en' and c.notifications->'email' ? 'mailings' and c.customer_id in (1001,1002,1003,1004)`,
      ),
    );
    const observe = await server.count(
      `select count(distinct c.email) from contacts c join customer_features f using (customer_id)
       where f.observe->>'flavor' is not null and c.notifications->'email' ? 'mailings'`,
    );
    expect((await preview({ products: ['observe'] })).count).toBe(observe);
  });
});

describe('send', () => {
  it('mails each recipient exactly once, in their language, and a job that runs again mails nobody twice', async () => {
    const moderator = await token('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      json: { ...content, query: demoQuery },
    });
    const mailing = created.json as Mailing;
    expect(mailing.status).toBe('draft');
    const started = await send(server, 'POST', `/api/admin/v2/mailings/${mailing.mailing_id}/send`, {
      token: moderator,
    });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: 'sending', total: 8, delivered: 0, waiting: 8, failed: 0 });
    // Every mail written to the outbox is not yet a delivered one: the mailing is still sending.
    await untilWritten(mailing.mailing_id);
    expect(await progressOf(mailing.mailing_id, moderator)).toMatchObject({
      status: 'sending',
      total: 8,
      delivered: 0,
      waiting: 8,
      failed: 0,
    });
    await deliver(mailing.mailing_id);
    expect(await progressOf(mailing.mailing_id, moderator)).toMatchObject({
      status: 'sent',
      total: 8,
      delivered: 8,
      waiting: 0,
      failed: 0,
    });

    const mails = (await outboxOf(mailing.mailing_id)).rows;
    expect(mails.map((mail) => [mail.recipient, mail.language])).toEqual(demoRecipients);
    for (const mail of mails)
      expect(mail.subject).toBe(mail.language === 'nl' ? content.subject.nl : content.subject.en);
    const oliver = mails.find((mail) => mail.recipient.startsWith('oliver'));
    expect(oliver?.text).toContain(content.body.en);
    expect(oliver?.text).toContain('Dear Oliver Hughes,');
    const sanne = mails.find((mail) => mail.recipient.startsWith('sanne'));
    expect(sanne?.text).toContain(content.body.nl);
    expect(sanne?.text).toContain(content.sender);

    // A retried job: the mailing is sending again and one delivery looks pending (as if the job died
    // before its batch was marked); the outbox's key per mailing and address holds.
    const { db, pool } = createDatabase(server.databaseUrl, 2);
    try {
      await server.sql.query(`update mailings set status = 'sending' where id = $1`, [mailing.mailing_id]);
      await server.sql.query(
        `update mailing_deliveries set status = 'pending' where mailing_id = $1 and email like 'oliver%'`,
        [mailing.mailing_id],
      );
      const dispatched: number[] = [];
      const sender = createMailingSender({
        repo: createMailingsRepo(db),
        mail: {
          recordMail: async (mail, tx) =>
            (
              await (tx ?? db).execute<{ id: number }>(
                // The notification centre's statement: a second mail with the same key is nothing.
                `insert into mail_outbox (idempotency_key, user_id, recipient, language, subject, text, html)
                 values ('${mail.idempotencyKey}', null, '${mail.recipient}', '${mail.language}', 'x', 'x', null)
                 on conflict (idempotency_key) do nothing returning id`,
              )
            ).rows.map((row) => row.id),
          dispatch: async (ids) => void dispatched.push(...ids),
        },
        brandName: 'Portaal',
        publicUrl: 'http://localhost',
      });
      await Promise.all([sender.run(mailing.mailing_id), sender.run(mailing.mailing_id)]);
      expect(dispatched).toEqual([]);
    } finally {
      await pool.end();
    }
    expect((await outboxOf(mailing.mailing_id)).rows).toHaveLength(8);
    expect(await progressOf(mailing.mailing_id, moderator)).toMatchObject({ status: 'sent', delivered: 8 });

    const again = await send(server, 'POST', `/api/admin/v2/mailings/${mailing.mailing_id}/send`, {
      token: moderator,
    });
    expect(again.status).toBe(409);
    expect((again.json as Problem).code).toBe('MAILING_NOT_DRAFT');
    expect((await outboxOf(mailing.mailing_id)).rows).toHaveLength(8);
  });

  it('counts delivered, waiting and failed mails, and is sent once none waits', async () => {
    const moderator = await token('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      json: { ...content, label: 'Progress truth', query: { customer_ids: [1002] } },
    });
    const id = (created.json as Mailing).mailing_id;
    await send(server, 'POST', `/api/admin/v2/mailings/${id}/send`, { token: moderator });
    await untilWritten(id);
    await deliver(id, { only: ['oliver.hughes@northwind.example'] });
    await deliver(id, { only: ['george.patel@northwind.example'], giveUp: true });
    expect(await progressOf(id, moderator)).toEqual({
      mailing_id: id,
      status: 'sending',
      total: 3,
      delivered: 1,
      waiting: 1,
      failed: 1,
    });
    // The overview recounts a sending mailing too, and the detail has the same counts.
    const list = (await send(server, 'GET', '/api/admin/v2/mailings?limit=100', { token: moderator }))
      .json as MailingSummary[];
    expect(list.find((mailing) => mailing.mailing_id === id)).toMatchObject({ delivered: 1, waiting: 1 });

    await deliver(id);
    const detail = (await send(server, 'GET', `/api/admin/v2/mailings/${id}`, { token: moderator }))
      .json as Mailing;
    expect(detail).toMatchObject({ status: 'sent', total: 3, delivered: 2, waiting: 0, failed: 1 });
  });

  it('is failed when every mail failed, and stays so', async () => {
    const moderator = await token('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      // The suspended and the terminated demo customer: one contact each chose mailings.
      json: { ...content, label: 'All bounce', query: { customer_statuses: [], customer_ids: [1005, 1006] } },
    });
    const id = (created.json as Mailing).mailing_id;
    const started = await send(server, 'POST', `/api/admin/v2/mailings/${id}/send`, { token: moderator });
    expect(started.json).toMatchObject({ total: 2 });
    await untilWritten(id);
    await deliver(id, { only: ['anouk.peters@zorgnetutrecht.example'], giveUp: true });
    expect(await progressOf(id, moderator)).toMatchObject({ status: 'sending', waiting: 1, failed: 1 });
    await deliver(id, { giveUp: true });
    const failed = { status: 'failed', total: 2, delivered: 0, waiting: 0, failed: 2 };
    expect(await progressOf(id, moderator)).toMatchObject(failed);
    expect(await progressOf(id, moderator)).toMatchObject(failed);
    const list = (await send(server, 'GET', '/api/admin/v2/mailings?limit=100', { token: moderator }))
      .json as MailingSummary[];
    expect(list.find((mailing) => mailing.mailing_id === id)).toMatchObject(failed);
  });

  it('refuses a mailing without recipients with 422, which stays a draft', async () => {
    const moderator = await token('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      json: { ...content, query: { customer_ids: [999_999] } },
    });
    const id = (created.json as Mailing).mailing_id;
    const response = await send(server, 'POST', `/api/admin/v2/mailings/${id}/send`, { token: moderator });
    expect(response.status).toBe(422);
    expect((response.json as Problem).code).toBe('MAILING_NO_RECIPIENTS');
    const detail = await send(server, 'GET', `/api/admin/v2/mailings/${id}`, { token: moderator });
    expect(detail.json).toMatchObject({
      status: 'draft',
      total: 0,
      delivered: 0,
      waiting: 0,
      query: { customer_ids: [999_999] },
      customers: [{ customer_id: 999_999, name: null }],
    });
    expect(await server.count('select count(*) from mailing_deliveries where mailing_id = $1', [id])).toBe(0);
  });

  it('writes audit events for create and send', async () => {
    const events = await server.sql.query<{ action: string; object: string; customer_id: number | null }>(
      `select action, object, customer_id from audit_events where action like 'mailing.%' and object = $1 order by id`,
      [`mailings/${draftId}`],
    );
    expect(events.rows).toEqual([
      { action: 'mailing.create', object: `mailings/${draftId}`, customer_id: null },
    ]);
    expect(
      await server.count(`select count(*) from audit_events where action = 'mailing.send'`),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('detail', () => {
  it("names the query's customers in the query's order", async () => {
    const moderator = await token('staff-moderator');
    const created = await send(server, 'POST', '/api/admin/v2/mailings', {
      token: moderator,
      json: { ...content, query: { customer_ids: [1003, 1001], roles: ['owner'] } },
    });
    expect(created.status).toBe(201);
    expect((created.json as Mailing).customers).toEqual([
      { customer_id: 1003, name: 'Van Dijk & Partners Advocaten' },
      { customer_id: 1001, name: 'Bakkerij De Gouden Korst B.V.' },
    ]);
    const detail = await send(
      server,
      'GET',
      `/api/admin/v2/mailings/${(created.json as Mailing).mailing_id}`,
      {
        token: moderator,
      },
    );
    expect((detail.json as Mailing).customers).toEqual((created.json as Mailing).customers);
  });

  it('an id that is no mailing id: 400, never 5xx', async () => {
    const moderator = await token('staff-moderator');
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999']) {
      const response = await send(server, 'GET', `/api/admin/v2/mailings/${id}`, { token: moderator });
      expect(response.status, id).toBe(400);
    }
  });
});

describe('list', () => {
  it('pages newest first with a signed cursor', async () => {
    const moderator = await token('staff-moderator');
    const total = await server.count('select count(*) from mailings');
    expect(total).toBeGreaterThan(3);
    const seen: number[] = [];
    let path: string | undefined = '/api/admin/v2/mailings?limit=2';
    while (path) {
      const response = await send(server, 'GET', path, { token: moderator });
      expect(response.status).toBe(200);
      seen.push(...(response.json as MailingSummary[]).map((m) => m.mailing_id));
      path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toHaveLength(total);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const forged = await send(server, 'GET', '/api/admin/v2/mailings?cursor=WzFd.AAAAAAAAAAAAAAAAAAAAAA', {
      token: moderator,
    });
    expect(forged.status).toBe(400);
  });
});

describe('demo data', () => {
  it('loads once; an older data folder gets the newer mailing choices of the demo contacts', async () => {
    const { db, pool } = createDatabase(server.databaseUrl, 2);
    const choicesOf = async (email: string) =>
      (
        await server.sql.query<{ email: string[] }>(
          `select notifications->'email' as email from contacts where email = $1 and customer_id = 1001`,
          [email],
        )
      ).rows[0]?.email;
    try {
      const mailingsBefore = await server.count('select count(*) from mailings');
      expect(await seedDemoMailings(db)).toBe(false);
      expect(await seedDemoMailingChoices(db)).toBe(false);
      expect(await server.count('select count(*) from mailings')).toBe(mailingsBefore);
      expect(await choicesOf('willem.deboer@goudenkorst.example')).toEqual(['ticket_updates', 'mailings']);

      // A data folder seeded before: Willem without mailings, the choices step not recorded yet.
      await server.sql.query(`delete from seed_state where name = 'demo-contacts-mailings'`);
      await server.sql.query(
        `update contacts set notifications = '{"email":["ticket_updates"],"chat":[]}' where email = $1`,
        ['willem.deboer@goudenkorst.example'],
      );
      const sanne = await choicesOf('sanne.devries@goudenkorst.example');
      expect(await seedDemoMailingChoices(db)).toBe(true);
      expect(await choicesOf('willem.deboer@goudenkorst.example')).toEqual(['ticket_updates', 'mailings']);
      expect(await choicesOf('sanne.devries@goudenkorst.example')).toEqual(sanne);
      expect(await seedDemoMailingChoices(db)).toBe(false);
    } finally {
      await pool.end();
    }
  });
});
