import type { Ticket } from '@portaal/contracts';
import type { ChatChannel, ChatTestResult } from '@portaal/contracts/chat';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from './chat-support.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { matrixSubjects, type Subject } from './matrix-subjects.ts';
import { form, type Problem, seededDatabase, send } from './tickets-support.ts';
import { ensureLoner, tokenSource } from './tokens.ts';

/**
 * Chat channels (DESIGN.md §8) over real HTTP on a seeded database of this file's own, with the
 * product's own pg-boss workers posting to local receivers: the server runs with
 * CHAT_WEBHOOK_TARGETS=loopback (the switch that lets tests reach loopback); a second server on the
 * same database runs with the production default and refuses what production must refuse.
 */
const UNKNOWN = 999_999;

let server: TestServer;
let strict: TestServer;
let database: Awaited<ReturnType<typeof seededDatabase>>;
let sql: pg.Pool;
let token: ReturnType<typeof tokenSource>;
let strictToken: ReturnType<typeof tokenSource>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  database = await seededDatabase('chat');
  await ensureLoner(database.databaseUrl);
  server = await startTestServer({ CHAT_WEBHOOK_TARGETS: 'loopback' }, undefined, {
    databaseUrl: database.databaseUrl,
    jobs: { retryDelaySeconds: 1 },
  });
  strict = await startTestServer({}, undefined, { databaseUrl: database.databaseUrl });
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  sql.on('error', () => {});
  token = tokenSource(server);
  strictToken = tokenSource(strict);
  receiver = await startReceiver((_n, path) => {
    if (path.startsWith('/gone')) return { status: 404, body: 'no_service' };
    return { status: 200 };
  });
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await strict?.close();
  await server?.close();
  await sql?.end();
  await database?.drop();
});

const count = async (query: string, values: unknown[] = []) =>
  Number((await sql.query<{ count: string }>(query, values)).rows[0]?.count ?? 0);
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const url = (customer: number, rest = '') => `/api/v2/customer/${customer}/chat-channels${rest}`;
const channelsOf = (customer: number) =>
  count('select count(*) from chat_channels where customer_id = $1', [customer]);
const auditOf = (action: string) => count('select count(*) from audit_events where action = $1', [action]);

async function addChannel(customer: number, body: Record<string, unknown> = {}, who = 'owner') {
  return send(server, 'POST', url(customer), {
    token: await token(who),
    json: { name: '#it-meldingen', kind: 'slack', url: receiver.url('/hook'), language: 'nl', ...body },
  });
}

// company-edit: owners, and staff moderators (every customer); nobody else, staff viewers included.
const subjects = matrixSubjects({
  owner: true,
  'financial-moderator': false,
  'financial-viewer': false,
  'technical-viewer': false,
  viewer: false,
  multi: true,
}).map((subject: Subject) => (subject.username === 'staff-viewer' ? { ...subject, read: false } : subject));

describe.each(subjects)('chat channels matrix: $username', (subject) => {
  const anonymous = subject.username === null;
  const staffModerator = subject.username === 'staff-moderator';
  const other = subject.target === 1001 ? 1002 : 1001;
  const auth = async () => (subject.username ? { token: await token(subject.username) } : {});

  it('list, add, test and remove: own, other and unknown customer, exact statuses and counts', async () => {
    const options = await auth();
    const mine = subject.target;
    const before = await channelsOf(mine);
    const list = await Promise.all([
      send(server, 'GET', url(mine), options),
      send(server, 'GET', url(other), options),
      send(server, 'GET', url(UNKNOWN), options),
    ]);
    if (anonymous) {
      expect(list.map((r) => r.status)).toEqual([401, 401, 401]);
    } else {
      expect([...list.map((r) => r.status), code(list[2] as { json: unknown })]).toEqual([
        subject.read ? 200 : 403,
        staffModerator ? 200 : 403,
        404,
        'CUSTOMER_NOT_FOUND',
      ]);
      if (subject.read) expect((list[0]?.json as ChatChannel[] | undefined)?.length).toBe(before);
    }

    const body = {
      name: `matrix ${subject.username}`,
      kind: 'teams',
      url: receiver.url('/m'),
      language: 'en',
    };
    const created = await send(server, 'POST', url(mine), { ...options, json: body });
    const foreign = await send(server, 'POST', url(other), { ...options, json: body });
    expect([created.status, foreign.status]).toEqual(
      anonymous ? [401, 401] : [subject.read ? 201 : 403, staffModerator ? 201 : 403],
    );
    expect(await channelsOf(mine)).toBe(before + (subject.read ? 1 : 0));
    if (staffModerator) {
      const id = (foreign.json as ChatChannel).channel_id;
      expect((await send(server, 'DELETE', url(other, `/${id}`), options)).status).toBe(204);
    }
    // Someone else's channel, for those who may not touch it: the owner's own.
    const id = subject.read
      ? (created.json as ChatChannel).channel_id
      : ((await addChannel(mine, { name: 'victim' }, mine === 1001 ? 'owner' : 'multi')).json as ChatChannel)
          .channel_id;
    const tested = await send(server, 'POST', url(mine, `/${id}/test`), options);
    const removed = await send(server, 'DELETE', url(mine, `/${id}`), options);
    expect([tested.status, removed.status]).toEqual(
      anonymous ? [401, 401] : subject.read ? [200, 204] : [403, 403],
    );
    if (subject.read) {
      expect(tested.json).toMatchObject({ delivered: true, status: 200, error: null });
      // Gone: a second remove and a test of it are not found.
      const again = await send(server, 'DELETE', url(mine, `/${id}`), options);
      expect([again.status, code(again)]).toEqual([404, 'CHAT_CHANNEL_NOT_FOUND']);
    } else {
      await send(server, 'DELETE', url(mine, `/${id}`), {
        token: await token(mine === 1001 ? 'owner' : 'multi'),
      });
    }
    expect(await channelsOf(mine)).toBe(before);
  });
});

describe('chat channels', () => {
  it('a channel of another customer is not found through this customer', async () => {
    const multiChannel = (await addChannel(1002, { name: 'northwind' }, 'multi')).json as ChatChannel;
    const owner = { token: await token('owner') };
    const through1001 = await Promise.all([
      send(server, 'DELETE', url(1001, `/${multiChannel.channel_id}`), owner),
      send(server, 'POST', url(1001, `/${multiChannel.channel_id}/test`), owner),
    ]);
    expect(through1001.map((r) => [r.status, code(r)])).toEqual([
      [404, 'CHAT_CHANNEL_NOT_FOUND'],
      [404, 'CHAT_CHANNEL_NOT_FOUND'],
    ]);
    expect(await channelsOf(1002)).toBe(1);
    await send(server, 'DELETE', url(1002, `/${multiChannel.channel_id}`), { token: await token('multi') });
  });

  it('the address is answered only as a hint, adds and removals are audited', async () => {
    const auditBefore = [await auditOf('chat_channel.create'), await auditOf('chat_channel.delete')];
    const created = await addChannel(1001, { url: `${receiver.url('/services/T000/B000/secretXYZ1234')}` });
    expect(created.status).toBe(201);
    const channel = created.json as ChatChannel;
    expect(channel).toMatchObject({
      customer_id: 1001,
      name: '#it-meldingen',
      kind: 'slack',
      language: 'nl',
      url_hint: `${new URL(receiver.url()).origin}/…/1234`,
      last_delivery: null,
    });
    expect(JSON.stringify(channel)).not.toContain('secretXYZ');
    const list = await send(server, 'GET', url(1001), { token: await token('owner') });
    expect(JSON.stringify(list.json)).not.toContain('secretXYZ');
    await send(server, 'DELETE', url(1001, `/${channel.channel_id}`), { token: await token('owner') });
    expect([await auditOf('chat_channel.create'), await auditOf('chat_channel.delete')]).toEqual([
      (auditBefore[0] ?? 0) + 1,
      (auditBefore[1] ?? 0) + 1,
    ]);
  });

  it('refuses private, link-local and (in production) loopback addresses with a 400 on url, storing nothing', async () => {
    const before = await channelsOf(1001);
    for (const target of [
      'http://10.1.2.3/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/hook',
      'http://[fd00::5]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://100.64.0.1/hook',
    ]) {
      const refused = await addChannel(1001, { url: target });
      expect([refused.status, code(refused), (refused.json as Problem).errors], target).toEqual([
        400,
        'VALIDATION_FAILED',
        [{ field: 'url', message: 'must not point at a private, loopback or link-local address' }],
      ]);
    }
    const owner = { token: await strictToken('owner') };
    for (const [target, message] of [
      [receiver.url('/hook'), 'must be an https:// address'],
      ['https://127.0.0.1/hook', 'must not point at a private, loopback or link-local address'],
      ['https://localhost/hook', 'must not point at a private, loopback or link-local address'],
      ['https://[::1]/hook', 'must not point at a private, loopback or link-local address'],
      ['https://2130706433/hook', 'must not point at a private, loopback or link-local address'],
      ['https://no-such-host.invalid/hook', 'names a host that cannot be found'],
    ] as const) {
      const refused = await send(strict, 'POST', url(1001), {
        ...owner,
        json: { name: 'x', kind: 'slack', url: target, language: 'en' },
      });
      expect([refused.status, (refused.json as Problem).errors], target).toEqual([
        400,
        [{ field: 'url', message }],
      ]);
    }
    // A public address is accepted by the production rules.
    const accepted = await send(strict, 'POST', url(1001), {
      ...owner,
      json: { name: 'public', kind: 'teams', url: 'https://93.184.215.14/workflows/abc', language: 'en' },
    });
    expect(accepted.status).toBe(201);
    await send(strict, 'DELETE', url(1001, `/${(accepted.json as ChatChannel).channel_id}`), owner);
    expect(await channelsOf(1001)).toBe(before);
  });

  it('at most 10 channels per customer', async () => {
    const ids: number[] = [];
    for (let n = (await channelsOf(1001)) + 1; n <= 10; n += 1) {
      ids.push(((await addChannel(1001, { name: `ch ${n}` })).json as ChatChannel).channel_id);
    }
    const eleventh = await addChannel(1001, { name: 'one too many' });
    expect([eleventh.status, code(eleventh), (eleventh.json as Problem).params]).toEqual([
      409,
      'CHAT_CHANNEL_LIMIT',
      { max: 10 },
    ]);
    for (const id of ids) await send(server, 'DELETE', url(1001, `/${id}`), { token: await token('owner') });
  });

  it('a test message reaches a Slack receiver as text and blocks, a Teams one as an Adaptive Card', async () => {
    const owner = { token: await token('owner') };
    const slack = (await addChannel(1001, { url: receiver.url('/slack'), language: 'en' }))
      .json as ChatChannel;
    const teams = (await addChannel(1001, { kind: 'teams', url: receiver.url('/teams') }))
      .json as ChatChannel;
    const seen = receiver.received.length;
    const results = [
      await send(server, 'POST', url(1001, `/${slack.channel_id}/test`), owner),
      await send(server, 'POST', url(1001, `/${teams.channel_id}/test`), owner),
    ];
    expect(results.map((r) => r.json)).toEqual([
      { delivered: true, status: 200, error: null },
      { delivered: true, status: 200, error: null },
    ]);
    const [slackPost, teamsPost] = receiver.received.slice(seen);
    expect(slackPost?.path).toBe('/slack');
    expect(slackPost?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(slackPost?.body).toMatchObject({
      text: expect.stringContaining('Test message from Portaal'),
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: expect.stringContaining('*Test message') } }],
    });
    expect(teamsPost?.body).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            body: [{ type: 'TextBlock', text: 'Testbericht van Portaal', weight: 'Bolder' }, {}],
          },
        },
      ],
    });
    const list = (await send(server, 'GET', url(1001), owner)).json as ChatChannel[];
    expect(list.find((c) => c.channel_id === slack.channel_id)?.last_delivery).toMatchObject({
      status: 'sent',
      error: null,
    });
    for (const id of [slack.channel_id, teams.channel_id])
      await send(server, 'DELETE', url(1001, `/${id}`), owner);
  });

  it('a test to a webhook that answers 404 says so and is not retried', async () => {
    const owner = { token: await token('owner') };
    const gone = (await addChannel(1001, { url: receiver.url('/gone') })).json as ChatChannel;
    const result = await send(server, 'POST', url(1001, `/${gone.channel_id}/test`), owner);
    expect(result.json as ChatTestResult).toEqual({
      delivered: false,
      status: 404,
      error: 'HTTP 404: no_service',
    });
    const list = (await send(server, 'GET', url(1001), owner)).json as ChatChannel[];
    expect(list.find((c) => c.channel_id === gone.channel_id)?.last_delivery).toMatchObject({
      status: 'failed',
      error: 'HTTP 404: no_service',
    });
    await send(server, 'DELETE', url(1001, `/${gone.channel_id}`), owner);
  });
});

describe('the notification centre posts to chat channels', () => {
  let ticket: Ticket;
  let flaky: Awaited<ReturnType<typeof startReceiver>>;
  let channelId: number;

  beforeAll(async () => {
    // Fails twice with 503, then takes messages: the job retries with backoff.
    flaky = await startReceiver((n) => (n <= 2 ? { status: 503 } : { status: 200 }));
    channelId = ((await addChannel(1001, { url: flaky.url('/flaky'), language: 'en' })).json as ChatChannel)
      .channel_id;
    const created = await send(server, 'POST', '/api/v2/customer/1001/tickets', {
      token: await token('owner'),
      body: form({
        category: 'technical_request',
        subject: 'Kassasysteem <filiaal> & magazijn',
        description: 'De kassa in het filiaal start niet op.',
        priority: '2',
      }),
    });
    expect(created.status).toBe(201);
    ticket = created.json as Ticket;
  });
  afterAll(async () => {
    await send(server, 'DELETE', url(1001, `/${channelId}`), { token: await token('owner') });
    await flaky?.close();
  });

  const reply = async (body: Record<string, unknown>) => {
    const answer = await send(server, 'POST', `/api/v2/customer/1001/tickets/${ticket.ticket_id}/messages`, {
      token: await token('staff-moderator'),
      json: body,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  };

  it('a staff reply reaches the channel once, after retries, when the author chose chat for tickets', async () => {
    await reply({ body: 'We kijken ernaar.\nEen monteur is onderweg.' });
    const [first, second, third] = await flaky.waitFor(3);
    // The same message three times: two 503s, then delivered; nothing after.
    expect(first?.body).toEqual(third?.body);
    expect(second?.body).toEqual(third?.body);
    const text = (third?.body as { text: string } | undefined)?.text;
    expect(text).toContain(`New reply on ticket #${ticket.ticket_id}: Kassasysteem <filiaal> & magazijn`);
    expect(text).toContain('We kijken ernaar.');
    expect(text).toContain(`/support/ticket/${ticket.ticket_id}?customer=1001`);
    const blocks = JSON.stringify((third?.body as { blocks: unknown } | undefined)?.blocks);
    expect(blocks).toContain('Kassasysteem &lt;filiaal&gt; &amp; magazijn');
    // The receiver has answered the third post; the job marks the row sent a moment later.
    const outbox = async () =>
      (
        await sql.query<{ status: string; attempts: number }>(
          'select status, attempts from chat_outbox where channel_id = $1',
          [channelId],
        )
      ).rows;
    await expect.poll(outbox, { timeout: 5000 }).toEqual([{ status: 'sent', attempts: 3 }]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(flaky.received).toHaveLength(3);
  });

  it('an internal note never goes to chat; a status change does', async () => {
    const before = flaky.received.length;
    await reply({ body: 'Interne notitie: klant belt vaak.', internal: true });
    const patched = await send(server, 'PATCH', `/api/v2/customer/1001/tickets/${ticket.ticket_id}`, {
      token: await token('staff-moderator'),
      json: { status: 'in_progress' },
    });
    expect(patched.status).toBe(200);
    const all = await flaky.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(all).toHaveLength(before + 1);
    expect((all.at(-1)?.body as { text: string } | undefined)?.text).toContain(
      `Ticket #${ticket.ticket_id} is now: In progress`,
    );
    expect(JSON.stringify(all)).not.toContain('Interne notitie');
  });

  it('nothing goes to chat when nobody who hears of the ticket chose chat for it', async () => {
    await sql.query(
      `update contacts set notifications = '{"email":["ticket_updates"],"chat":[]}'
        where customer_id = 1001 and user_id = (select id from users where username = 'owner')`,
    );
    const before = await count('select count(*) from chat_outbox where channel_id = $1', [channelId]);
    await reply({ body: 'Nog een update.' });
    expect(await count('select count(*) from chat_outbox where channel_id = $1', [channelId])).toBe(before);
    await sql.query(
      `update contacts set notifications = '{"email":["ticket_updates","availability","invoices","contract_renewals","mailings"],"chat":["ticket_updates","availability"]}'
        where customer_id = 1001 and user_id = (select id from users where username = 'owner')`,
    );
  });
});
