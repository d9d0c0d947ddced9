import type { Agreement, AgreementChange, AgreementChangeResult } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Usage agreements (decision 0024): the authorization matrix of every agreement route for every demo
 * user, the loner and anonymous; the rules (add, subtract, renewal, never below zero, exact decimals,
 * concurrent changes, audit events). Writes, so it runs on a seeded database of its own.
 */
const MODERATOR_ID = '6f1c2a10-0008-4a1e-9c01-000000000008';

const subjects: { username: string | null; reads: boolean; edits: boolean }[] = [
  { username: 'owner', reads: false, edits: false },
  { username: 'financial-moderator', reads: false, edits: false },
  { username: 'financial-viewer', reads: false, edits: false },
  { username: 'technical-viewer', reads: false, edits: false },
  { username: 'viewer', reads: false, edits: false },
  { username: 'multi', reads: false, edits: false },
  { username: 'staff-viewer', reads: true, edits: false },
  { username: 'staff-moderator', reads: true, edits: true },
  { username: LONER.username, reads: false, edits: false },
  { username: null, reads: false, edits: false },
];

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('agreements');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
}, 120_000);
afterAll(async () => server?.close());

const changesOf = (customerId: number) =>
  server.count('select count(*) from agreement_changes where customer_id = $1', [customerId]);
const totalOf = async (customerId: number) =>
  (
    await server.sql.query<{ total: string }>('select total from agreements where customer_id = $1', [
      customerId,
    ])
  ).rows[0]?.total;
const base = (customerId: number) => `/api/admin/v2/customer/${customerId}/agreement`;

describe.each(subjects)('$username', (subject) => {
  const auth = async () => (subject.username ? { token: await token(subject.username) } : {});
  const denied = subject.username === null ? 401 : 403;

  it('GET …/agreement', async () => {
    const response = await send(server, 'GET', base(1001), await auth());
    expect(response.status).toBe(subject.reads ? 200 : denied);
    if (subject.reads) {
      const agreement = response.json as Agreement;
      expect(agreement).toMatchObject({
        customer_id: 1001,
        customer_name: 'Bakkerij De Gouden Korst B.V.',
        unit: 'hours',
        po_number: 'PO-2026-0412',
      });
    }
  });

  it('GET …/agreement of an unknown customer', async () => {
    const response = await send(server, 'GET', base(99999), await auth());
    expect(response.status).toBe(subject.reads ? 404 : denied);
    if (subject.reads) expect((response.json as Problem).code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('GET …/agreement/changes', async () => {
    const response = await send(server, 'GET', `${base(1002)}/changes`, await auth());
    expect(response.status).toBe(subject.reads ? 200 : denied);
    if (subject.reads) expect((response.json as AgreementChange[]).length).toBe(4);
  });

  it('POST …/agreement/changes', async () => {
    const before = await changesOf(1004);
    const response = await send(server, 'POST', `${base(1004)}/changes`, {
      ...(await auth()),
      json: { amount: '1.00', comment: `matrix ${subject.username}`, renewal: false },
    });
    expect(response.status).toBe(subject.edits ? 201 : denied);
    expect(await changesOf(1004)).toBe(before + (subject.edits ? 1 : 0));
  });

  it('POST …/agreement/changes of an unknown customer', async () => {
    const response = await send(server, 'POST', `${base(99999)}/changes`, {
      ...(await auth()),
      json: { amount: '1.00', comment: 'nobody', renewal: false },
    });
    expect(response.status).toBe(subject.edits ? 404 : denied);
  });

  it('PUT …/agreement', async () => {
    const response = await send(server, 'PUT', base(1004), {
      ...(await auth()),
      json: { po_number: `PO-${subject.username ?? 'anon'}`.slice(0, 64), unit: 'hours' },
    });
    expect(response.status).toBe(subject.edits ? 200 : denied);
    const po = await server.sql.query<{ po_number: string | null }>(
      'select po_number from agreements where customer_id = 1004',
    );
    if (!subject.edits) expect(po.rows[0]?.po_number ?? null).not.toBe(`PO-${subject.username ?? 'anon'}`);
  });
});

describe('rules', () => {
  const moderator = async () => ({ token: await token('staff-moderator') });
  const change = async (customerId: number, json: Record<string, unknown>) =>
    send(server, 'POST', `${base(customerId)}/changes`, { ...(await moderator()), json });

  it('a customer without an agreement answers an empty one', async () => {
    const response = await send(server, 'GET', base(1003), await moderator());
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      customer_id: 1003,
      customer_name: 'Van Dijk & Partners Advocaten',
      unit: 'hours',
      total: '0.00',
      po_number: null,
      updated_at: null,
    });
    const changes = await send(server, 'GET', `${base(1003)}/changes`, await moderator());
    expect(changes.json).toEqual([]);
  });

  it('adds, subtracts and renews with exact decimals, and writes an audit event each', async () => {
    const events = () =>
      server.count(
        "select count(*) from audit_events where customer_id = 1003 and action like 'agreement.%'",
      );
    expect(await events()).toBe(0);
    let response = await change(1003, { amount: '0.1', comment: 'first tenth' });
    expect(response.status).toBe(201);
    expect((response.json as AgreementChangeResult).agreement.total).toBe('0.10');
    response = await change(1003, { amount: '0.2', comment: 'second tenth' });
    const result = response.json as AgreementChangeResult;
    expect(result.agreement.total).toBe('0.30');
    expect(result.change).toMatchObject({
      amount: '0.20',
      new_total: '0.30',
      renewal: false,
      comment: 'second tenth',
      by_user_id: MODERATOR_ID,
      by_name: 'Joris Mulder',
    });
    response = await change(1003, { amount: '-0.25', comment: 'a quarter used' });
    expect((response.json as AgreementChangeResult).agreement.total).toBe('0.05');
    response = await change(1003, { amount: '40', comment: 'renewed at forty', renewal: true });
    expect((response.json as AgreementChangeResult).agreement.total).toBe('40.00');
    expect(await totalOf(1003)).toBe('40.00');
    expect(await events()).toBe(4);
    const audit = await server.sql.query<{ action: string; summary: string; actor_id: string }>(
      "select action, summary, actor_id from audit_events where customer_id = 1003 and action like 'agreement.%' order by id desc limit 1",
    );
    expect(audit.rows[0]).toEqual({
      action: 'agreement.renewal',
      summary: 'total: 0.05 hours → 40.00 hours',
      actor_id: MODERATOR_ID,
    });
  });

  it('never goes below zero: refused with 422 AGREEMENT_TOTAL_NEGATIVE, nothing stored', async () => {
    const total = await totalOf(1005);
    const before = await changesOf(1005);
    const events = await server.count("select count(*) from audit_events where action like 'agreement.%'");
    for (const json of [
      { amount: '-1000', comment: 'too much' },
      { amount: '-1', comment: 'negative renewal', renewal: true },
    ]) {
      const response = await change(1005, json);
      expect(response.status).toBe(422);
      const problem = response.json as Problem;
      expect(problem.code).toBe('AGREEMENT_TOTAL_NEGATIVE');
      expect(problem.errors?.[0]?.field).toBe('amount');
    }
    expect(await totalOf(1005)).toBe(total);
    expect(await changesOf(1005)).toBe(before);
    expect(await server.count("select count(*) from audit_events where action like 'agreement.%'")).toBe(
      events,
    );
    // Down to exactly zero is allowed.
    const response = await change(1005, { amount: `-${total}`, comment: 'all used' });
    expect(response.status).toBe(201);
    expect((response.json as AgreementChangeResult).agreement.total).toBe('0.00');
  });

  it('refuses a change of 0 with 400 on the amount, nothing stored; a renewal to 0 stays allowed', async () => {
    const total = await totalOf(1005);
    const before = await changesOf(1005);
    const events = await server.count("select count(*) from audit_events where action like 'agreement.%'");
    for (const amount of ['0', '0.00', '-0', ' 0.0 ']) {
      const response = await change(1005, { amount, comment: 'valid comment' });
      expect(response.status, amount).toBe(400);
      expect((response.json as Problem).errors).toEqual([{ field: 'amount', message: 'must not be 0' }]);
    }
    expect(await totalOf(1005)).toBe(total);
    expect(await changesOf(1005)).toBe(before);
    expect(await server.count("select count(*) from audit_events where action like 'agreement.%'")).toBe(
      events,
    );
    const renewal = await change(1005, { amount: '0', comment: 'ended', renewal: true });
    expect(renewal.status).toBe(201);
    expect((renewal.json as AgreementChangeResult).agreement.total).toBe('0.00');
  });

  it('concurrent changes keep the total consistent with the changelog', async () => {
    await change(1006, { amount: '10', comment: 'start at ten', renewal: true });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        change(1006, { amount: index % 2 ? '-0.75' : '1.25', comment: `parallel ${index}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await totalOf(1006)).toBe('15.00');
    // Each change's new total follows from the one before it, in the changelog's order.
    const rows = await server.sql.query<{ amount: string; new_total: string; renewal: boolean }>(
      'select amount, new_total, renewal from agreement_changes where customer_id = 1006 order by created_at, id',
    );
    let running = 0;
    for (const row of rows.rows) {
      running = row.renewal
        ? Math.round(Number(row.amount) * 100)
        : running + Math.round(Number(row.amount) * 100);
      expect(Math.round(Number(row.new_total) * 100)).toBe(running);
    }
    // Subtractions racing to zero: exactly as many succeed as the total allows.
    await change(1006, { amount: '3', comment: 'three left', renewal: true });
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, index) => change(1006, { amount: '-1', comment: `race ${index}` })),
    );
    expect(race.filter((r) => r.status === 201)).toHaveLength(3);
    expect(race.filter((r) => r.status === 422)).toHaveLength(3);
    expect(await totalOf(1006)).toBe('0.00');
  });

  it('pages the changelog newest first with a signed cursor and Link rel=next', async () => {
    const first = await send(server, 'GET', `${base(1006)}/changes?limit=5`, await moderator());
    expect(first.status).toBe(200);
    const link = first.headers.get('link');
    expect(link).toMatch(/rel="next"/);
    const next = /<([^>]+)>/.exec(link ?? '')?.[1] ?? '';
    const second = await send(server, 'GET', next, await moderator());
    const a = first.json as AgreementChange[];
    const b = second.json as AgreementChange[];
    expect(b).toHaveLength(5);
    expect((a.at(-1)?.created_at ?? '') >= (b[0]?.created_at ?? '~')).toBe(true);
    expect(new Set([...a, ...b].map((c) => c.id)).size).toBe(10);
    const all = await send(server, 'GET', `${base(1006)}/changes?limit=100`, await moderator());
    expect((all.json as AgreementChange[]).slice(0, 10).map((c) => c.id)).toEqual(
      [...a, ...b].map((c) => c.id),
    );
    // Another list's cursor, or this one's for a tampered payload, is a 400 on the cursor.
    const cursor = new URL(next, server.baseUrl).searchParams.get('cursor') ?? '';
    const forged = `${Buffer.from('["2020-01-01T00:00:00Z",1]').toString('base64url')}.${cursor.split('.')[1]}`;
    const refused = await send(
      server,
      'GET',
      `${base(1006)}/changes?cursor=${encodeURIComponent(forged)}`,
      await moderator(),
    );
    expect(refused.status).toBe(400);
    expect((refused.json as Problem).errors?.[0]?.field).toBe('cursor');
  });

  it('PUT sets and clears the PO number and unit, with an audit event', async () => {
    let response = await send(server, 'PUT', base(1002), {
      ...(await moderator()),
      json: { po_number: 'NW-8000', unit: 'days' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ po_number: 'NW-8000', unit: 'days', total: '30.00' });
    response = await send(server, 'PUT', base(1002), {
      ...(await moderator()),
      json: { po_number: '', unit: 'hours' },
    });
    expect((response.json as Agreement).po_number).toBeNull();
    expect(
      await server.count(
        "select count(*) from audit_events where customer_id = 1002 and action = 'agreement.update'",
      ),
    ).toBe(2);
    response = await send(server, 'PUT', base(1002), {
      ...(await moderator()),
      json: { po_number: 'x'.repeat(65), unit: 'hours' },
    });
    expect(response.status).toBe(400);
  });
});
