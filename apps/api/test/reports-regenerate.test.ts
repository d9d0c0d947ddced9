import {
  displayIdOf,
  periodOf,
  type Report,
  type SlaReport,
  shiftPeriod,
  type UsageReport,
} from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * Staff regenerate a month's report of a customer (issue 12 item 4): the authorization matrix of
 * POST /api/admin/v2/customer/{id}/reports/{display_id}/regenerate (provider moderators only) with
 * exact statuses, and what it does: creates a missing report (201, one audit event), changes nothing
 * when the figures are the same (200, no audit event, the same generation time), replaces changed
 * figures (200, one audit event naming what changed), only for ended months, never for an unknown
 * customer. A database of its own: it writes reports and audit events.
 */
const now = new Date();
const last = shiftPeriod(periodOf(now), -1);
const before = shiftPeriod(last, -1);
const USAGE = displayIdOf('usage', last);
const SLA = displayIdOf('sla', before);
const path = (customer: number, displayId: string) =>
  `/api/admin/v2/customer/${customer}/reports/${displayId}/regenerate`;

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('regenerate');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const reports = () => server.count('select count(*) from reports');
const audits = (displayId: string) =>
  server.count(`select count(*) from audit_events where action = 'report.regenerate' and object = $1`, [
    displayId,
  ]);
const regenerate = async (username: string | null, customer: number, displayId: string) =>
  send(server, 'POST', path(customer, displayId), username ? { token: await token(username) } : {});

describe('the authorization matrix', () => {
  // Every role of a customer and provider viewers lack the staff right; the loner has no role; no token is 401.
  const refused: [string | null, number][] = [
    ['owner', 403],
    ['financial-moderator', 403],
    ['financial-viewer', 403],
    ['technical-viewer', 403],
    ['viewer', 403],
    ['multi', 403],
    ['staff-viewer', 403],
    [LONER.username, 403],
    [null, 401],
  ];
  it.each(refused)('%s: %i, and nothing is made', async (username, status) => {
    for (const customer of [1001, 1002, 999_999]) {
      const response = await regenerate(username, customer, USAGE);
      expect(response.status).toBe(status);
    }
    expect(await reports()).toBe(0);
    expect(await audits(USAGE)).toBe(0);
  });

  it('staff-moderator: 201 for a missing report of any customer, 404 for an unknown customer', async () => {
    for (const customer of [1001, 1002]) {
      const response = await regenerate('staff-moderator', customer, USAGE);
      expect(response.status).toBe(201);
      expect((response.json as Report).display_id).toBe(USAGE);
    }
    const unknown = await regenerate('staff-moderator', 999_999, USAGE);
    expect(unknown.status).toBe(404);
    expect((unknown.json as Problem).code).toBe('CUSTOMER_NOT_FOUND');
    expect(await reports()).toBe(2);
    expect(await audits(USAGE)).toBe(2);
  });
});

describe('what regenerating does', () => {
  it('creates a missing report that the customer then reads, with one audit event', async () => {
    const created = await regenerate('staff-moderator', 1001, SLA);
    expect(created.status).toBe(201);
    const report = created.json as SlaReport;
    expect(report.kind).toBe('sla');
    expect(report.applications.map((app) => app.name)).toEqual([
      'Bestelportaal',
      'Kassakoppeling API',
      'Webwinkel',
    ]);
    const read = await send(server, 'GET', `/api/v2/customer/1001/reports/${SLA}`, {
      token: await token('financial-viewer'),
    });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(report);
    const [event] = (
      await server.sql.query(
        `select actor_name, customer_id, summary from audit_events where action = 'report.regenerate' and object = $1`,
        [SLA],
      )
    ).rows;
    expect(event).toMatchObject({ customer_id: 1001, summary: 'created' });
  });

  it('is idempotent: the same figures change nothing, not even the generation time, and audit nothing', async () => {
    const first = await regenerate('staff-moderator', 1001, SLA);
    const second = await regenerate('staff-moderator', 1001, SLA);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json).toEqual(first.json);
    expect(await audits(SLA)).toBe(1);
  });

  it('replaces changed figures with a new generation time and one audit event saying what changed', async () => {
    const kept = (await regenerate('staff-moderator', 1001, USAGE)).json as UsageReport;
    // The accounting corrects last month's support hours: 3 hours more than the bundle.
    await server.sql.query(
      `update usage_entries set used_amount = period_start_amount + 3, remaining_amount = 0, overusage_amount = 3
       where customer_id = 1001 and period = $1 and usage_type = 'manhour'`,
      [last],
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await regenerate('staff-moderator', 1001, USAGE);
    expect(response.status).toBe(200);
    const fresh = response.json as UsageReport;
    expect(fresh.items.find((item) => item.usage_type === 'manhour')?.over_quota).toBe(3);
    expect(fresh.total_cost).not.toBe(kept.total_cost);
    expect(fresh.generated_at > kept.generated_at).toBe(true);
    const summaries = (
      await server.sql.query<{ summary: string }>(
        `select summary from audit_events where action = 'report.regenerate' and object = $1 and customer_id = 1001
         order by id`,
        [USAGE],
      )
    ).rows.map((row) => row.summary);
    expect(summaries).toEqual(['created', `total_cost: ${kept.total_cost} → ${fresh.total_cost}`]);
  });

  it('only ended months: the current month answers 409 and stores nothing', async () => {
    const current = displayIdOf('sla', periodOf(now));
    const response = await regenerate('staff-moderator', 1001, current);
    expect(response.status).toBe(409);
    expect((response.json as Problem).code).toBe('REPORT_PERIOD_NOT_ENDED');
    expect(await server.count('select count(*) from reports where display_id = $1', [current])).toBe(0);
  });

  it('a malformed report id is a 400 naming the parameter', async () => {
    const response = await regenerate('staff-moderator', 1001, 'SLA-2026-13');
    expect(response.status).toBe(400);
    expect((response.json as Problem).errors?.[0]?.field).toContain('display_id');
  });

  it('two at once make one report and one audit event', async () => {
    const month = displayIdOf('usage', before);
    const answers = await Promise.all([
      regenerate('staff-moderator', 1002, month),
      regenerate('staff-moderator', 1002, month),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(
      await server.count('select count(*) from reports where customer_id = 1002 and display_id = $1', [
        month,
      ]),
    ).toBe(1);
    expect(await audits(month)).toBe(1);
  });
});
