import type { Mailing, MailingPreview, MailingProgress, MailingSummary } from '@portaal/contracts/mailings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createMailingsRepo } from '../src/modules/mailings/mailings.repo.ts';
import { createMailingSender } from '../src/modules/mailings/mailings.send.ts';
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
/** The three demo customers whose contacts include one that chose mailings each. */
const demoQuery = { customer_ids: [1001, 1002, 1003] };

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
let draftId: number;

const outboxOf = (mailingId: number) =>
  server.sql.query<{ recipient: string; language: string; subject: string; text: string }>(
    `select recipient, language, subject, text from mail_outbox where idempotency_key like $1 order by recipient`,
    [`mailing:${mailingId}:%`],
  );

async function untilSent(mailingId: number, moderator: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await send(server, 'GET', `/api/admin/v2/mailings/${mailingId}/progress`, {
      token: moderator,
    });
    const progress = response.json as MailingProgress;
    if (progress.status === 'sent') return progress;
    if (Date.now() > deadline) throw new Error(`mailing ${mailingId} still ${progress.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
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
      expect(preview.count).toBe(3);
      expect(preview.languages).toEqual({ en: 1, nl: 2 });
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
        total: 3,
        sent: 3,
        failed: 0,
        sent_at: '2026-09-01T09:00:00.000000Z',
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
    if (subject.sends) expect((sent.json as MailingProgress).total).toBe(1);
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
    expect(all.recipients.map((r) => r.email)).toEqual([
      'iris.mulder@example.nl',
      'maarten.vandijk@vandijkadvocaten.example',
      'oliver.hughes@northwind.example',
      'sanne.devries@goudenkorst.example',
    ]);
    expect(all.recipients.find((r) => r.email.startsWith('oliver'))?.customer_id).toBe(1002);
    expect((await preview({ customer_ids: [1004], roles: ['technical_viewer'] })).count).toBe(1);
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
    expect(started.json).toMatchObject({ status: 'sending', total: 3 });
    const done = await untilSent(mailing.mailing_id, moderator);
    expect(done).toMatchObject({ status: 'sent', total: 3, sent: 3, failed: 0 });

    const mails = (await outboxOf(mailing.mailing_id)).rows;
    expect(mails.map((mail) => [mail.recipient, mail.language, mail.subject])).toEqual([
      ['maarten.vandijk@vandijkadvocaten.example', 'nl', content.subject.nl],
      ['oliver.hughes@northwind.example', 'en', content.subject.en],
      ['sanne.devries@goudenkorst.example', 'nl', content.subject.nl],
    ]);
    expect(mails[1]?.text).toContain(content.body.en);
    expect(mails[1]?.text).toContain('Dear Oliver Hughes,');
    expect(mails[0]?.text).toContain(content.body.nl);
    expect(mails[0]?.text).toContain(content.sender);

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
    expect((await outboxOf(mailing.mailing_id)).rows).toHaveLength(3);
    expect((await untilSent(mailing.mailing_id, moderator)).sent).toBe(3);

    const again = await send(server, 'POST', `/api/admin/v2/mailings/${mailing.mailing_id}/send`, {
      token: moderator,
    });
    expect(again.status).toBe(409);
    expect((again.json as Problem).code).toBe('MAILING_NOT_DRAFT');
    expect((await outboxOf(mailing.mailing_id)).rows).toHaveLength(3);
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
    expect(detail.json).toMatchObject({ status: 'draft', total: 0, query: { customer_ids: [999_999] } });
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
