import { isoToday, RENEWAL_NOTICE_DAYS } from '@portaal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { createCursors } from '../src/lib/cursor.ts';
import {
  type AdministrationNotifier,
  createAdministrationNotifier,
} from '../src/modules/administration/administration.notify.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { seededDatabase } from './tickets-support.ts';

/**
 * Item 7 of issue 13: an invoice becoming overdue and a contract renewing within 30 days notify the
 * users with invoice-read resp. subscription-read, once each, through the notification centre. Two
 * notifiers on pools of their own (as two API processes would run the sweep) sweep the demo data at
 * the same time in small batches; each event is claimed by exactly one of them and every reader gets
 * exactly one notification. A database of its own: the sweep writes.
 */
const DAY = 86_400_000;
let database: Awaited<ReturnType<typeof seededDatabase>>;
let sql: pg.Pool;
const handles: ReturnType<typeof createDatabase>[] = [];
let now = new Date();

function notifier(batch = 3): {
  notifier: AdministrationNotifier;
  service: ReturnType<typeof createNotificationsService>;
} {
  const handle = createDatabase(database.databaseUrl, 3);
  handles.push(handle);
  const users = createUsersService(createUsersRepo(handle.db), { rolePrefix: 'provider' });
  const service = createNotificationsService({
    db: handle.db,
    config: { publicUrl: 'http://portal.test', BRAND_NAME: 'Portaal' },
    users,
    log: { warn() {} },
    cursors: createCursors('test-secret-test-secret-test-secret'),
  });
  return {
    service,
    notifier: createAdministrationNotifier({
      db: handle.db,
      events: service.administrationEvents,
      now: () => now,
      batch,
    }),
  };
}

const count = async (query: string, values: unknown[] = []) =>
  Number((await sql.query<{ count: string }>(query, values)).rows[0]?.count ?? 0);
const userId = async (username: string) =>
  (await sql.query<{ id: string }>('select id from users where username = $1', [username])).rows[0]?.id ?? '';
const day = (offset: number) => isoToday(new Date(now.getTime() + offset * DAY));

/** What the sweep should tell: each event times the readers of its customer (roles with the right). */
async function expected(kind: 'invoice' | 'contract', today: string) {
  const roles =
    kind === 'invoice'
      ? ['owner', 'financial_moderator', 'financial_viewer']
      : ['owner', 'financial_moderator', 'financial_viewer'];
  const events =
    kind === 'invoice'
      ? `select customer_id from invoices where amount_due > 0 and not written_off and due_date < $1::date
           and overdue_notified_at is null`
      : `select customer_id from contracts where renewal_date between $1::date and $1::date + ${RENEWAL_NOTICE_DAYS}
           and status not in ('ended', 'cancelled') and renewal_notified_for is distinct from renewal_date`;
  const { rows } = await sql.query<{ events: string; notes: string }>(
    `select count(*) as events, coalesce(sum((select count(*) from memberships m
        where m.customer_id = e.customer_id and m.role = any($2::text[]))), 0) as notes
     from (${events}) e`,
    [today, roles],
  );
  return { events: Number(rows[0]?.events), notifications: Number(rows[0]?.notes) };
}

beforeAll(async () => {
  database = await seededDatabase('notify');
  sql = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  sql.on('error', () => {});
}, 120_000);

afterAll(async () => {
  await sql?.end();
  for (const handle of handles) await handle.pool.end();
  await database?.drop();
});

describe('overdue invoices and coming renewals', () => {
  it('two notifiers at once: every event claimed once, every reader told once', async () => {
    const today = isoToday(now);
    const invoices = await expected('invoice', today);
    const contracts = await expected('contract', today);
    expect(invoices.events).toBeGreaterThanOrEqual(3);
    expect(contracts.events).toBeGreaterThan(0);
    expect(
      await count(`select count(*) from notifications where kind in ('invoice_overdue', 'contract_renewal')`),
    ).toBe(0);

    // One row per batch: the two take turns and contend for every row.
    const [a, b] = [notifier(1), notifier(1)];
    const [first, second] = await Promise.all([a.notifier.sweep(), b.notifier.sweep()]);
    // Claimed exactly once between the two, whoever took which batch.
    expect(first.invoices + second.invoices).toBe(invoices.events);
    expect(first.contracts + second.contracts).toBe(contracts.events);
    expect(first.notifications + second.notifications).toBe(invoices.notifications + contracts.notifications);
    expect(await count(`select count(*) from notifications where kind = 'invoice_overdue'`)).toBe(
      invoices.notifications,
    );
    expect(await count(`select count(*) from notifications where kind = 'contract_renewal'`)).toBe(
      contracts.notifications,
    );
    // One per event and reader; the claim marks are set.
    expect(
      await count(`select count(*) from (select event_key, user_id from notifications
        where kind in ('invoice_overdue', 'contract_renewal') group by 1, 2 having count(*) > 1) d`),
    ).toBe(0);
    expect(
      await count(
        `select count(*) from invoices where amount_due > 0 and not written_off
        and due_date < $1::date and overdue_notified_at is null`,
        [today],
      ),
    ).toBe(0);

    // A second sweep finds nothing new.
    const again = await a.notifier.sweep();
    expect(again).toEqual({ invoices: 0, contracts: 0, notifications: 0 });
  });

  it('tells the readers with the right and nobody else, in the bell with what to open', async () => {
    const { service } = notifier();
    const kinds = async (username: string) => {
      const list = await service.list(await userId(username), { limit: 100 });
      return new Set(list.items.filter((item) => item.customer_id === 1001).map((item) => item.kind));
    };
    for (const username of ['owner', 'financial-moderator', 'financial-viewer']) {
      expect([...(await kinds(username))].sort(), username).toEqual(['contract_renewal', 'invoice_overdue']);
    }
    for (const username of ['technical-viewer', 'viewer']) {
      const seen = await kinds(username);
      expect(seen.has('invoice_overdue') || seen.has('contract_renewal'), username).toBe(false);
    }
    const list = await service.list(await userId('financial-viewer'), { limit: 100 });
    const overdue = list.items.find((item) => item.kind === 'invoice_overdue');
    expect(overdue?.params.invoice_number).toMatch(/^INV-/);
    expect(overdue?.params.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(overdue?.ticket_id).toBeNull();
    const renewal = list.items.find((item) => item.kind === 'contract_renewal');
    expect(renewal?.params.contract_id).toMatch(/^CT-1001-/);
    expect(renewal?.params.renewal_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(renewal?.params.contract_description).toBeTruthy();
  });

  it('a new renewal date is told again, once; one beyond 30 days and an ended contract are not', async () => {
    const { notifier: sweeper } = notifier();
    const running = await sql.query<{ id: string }>(
      `select id from contracts where customer_id = 1001 and status = 'active' order by id limit 3`,
    );
    const [renewed, later, ended] = running.rows.map((row) => row.id);
    await sql.query('update contracts set renewal_date = $2 where id = $1', [renewed, day(12)]);
    await sql.query('update contracts set renewal_date = $2 where id = $1', [
      later,
      day(RENEWAL_NOTICE_DAYS + 1),
    ]);
    await sql.query(`update contracts set renewal_date = $2, status = 'ended' where id = $1`, [
      ended,
      day(5),
    ]);
    const result = await sweeper.sweep();
    expect(result.contracts).toBe(1);
    expect(
      await count(`select count(*) from notifications where event_key = $1`, [
        `contract-renewal:${renewed}:${day(12)}`,
      ]),
    ).toBe(3);
    expect((await sweeper.sweep()).contracts).toBe(0);
    // A month on, the later one is within 30 days: told then.
    now = new Date(now.getTime() + 2 * DAY);
    expect((await sweeper.sweep()).contracts).toBeGreaterThanOrEqual(1);
    expect(
      await count(`select count(*) from notifications where event_key like $1`, [
        `contract-renewal:${later}:%`,
      ]),
    ).toBe(3);
    expect(
      await count(`select count(*) from notifications where event_key like $1`, [
        `contract-renewal:${ended}:%`,
      ]),
    ).toBe(0);
  });

  it('an invoice is told once it is past its due date, not before; paid and written off never', async () => {
    const { notifier: sweeper } = notifier();
    // An unpaid invoice that comes due ten days after the day the tests above moved on to: at the end
    // of a month the demo data has none of its own (the current month's is due on the 1st + 30 days,
    // and the sweeps above already told it), so one is made to, untold. The database is this file's own.
    const [open] = (
      await sql.query<{ id: string; due_date: string }>(
        `update invoices set due_date = $1::date, overdue_notified_at = null
           where id = (select id from invoices where customer_id = 1002 and amount_due > 0
                         and not written_off order by due_date desc limit 1)
         returning id::text, due_date::text`,
        [isoToday(new Date(now.getTime() + 10 * DAY))],
      )
    ).rows;
    await sql.query('delete from notifications where event_key = $1', [`invoice-overdue:${open?.id}`]);
    expect(open).toBeDefined();
    const key = `invoice-overdue:${open?.id}`;
    now = new Date(Date.parse(`${open?.due_date}T12:00:00Z`));
    await sweeper.sweep();
    expect(await count('select count(*) from notifications where event_key = $1', [key])).toBe(0);
    now = new Date(now.getTime() + DAY);
    await sweeper.sweep();
    // multi is the owner of 1002: the only reader there.
    expect(await count('select count(*) from notifications where event_key = $1', [key])).toBe(1);
    expect(
      await count(`select count(*) from notifications n join invoices i on n.event_key = 'invoice-overdue:' || i.id
        where i.amount_due <= 0 or i.written_off`),
    ).toBe(0);
  });
});
