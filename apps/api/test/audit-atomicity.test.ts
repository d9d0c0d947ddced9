import type { Ticket } from '@portaal/contracts';
import { isoToday } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoAdministration } from '../src/db/seed/administration.seed.ts';
import { demoUsers } from '../src/db/seed/demo-data.ts';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * DESIGN §8: a change and its audit event commit together. A test-only trigger makes the insert of
 * one audit action fail; the change that it records must then not be stored either (a failing
 * database is a server fault, so the 500 is expected here). Without the trigger the same request
 * stores the change and one event. In this file's own database; the trigger is dropped after each case.
 */
let server: TicketsServer;
let moderator: string;
let owner: string;

const demo = buildDemoAdministration(isoToday());
const invoice = demo.invoices.find((entry) => entry.body.customer_id === 1001);
const contract = demo.contracts.find((entry) => entry.body.customer_id === 1001);
const ticket = demoTickets.find(
  (entry) =>
    entry.customerId === 1001 &&
    entry.author === 'owner' &&
    entry.watchers.length === 0 &&
    entry.status !== 'closed',
);
const viewer = demoUsers.find((user) => user.username === 'viewer');

beforeAll(async () => {
  server = await startTicketsServer('audit_atomicity');
  const token = tokenSource(server);
  moderator = await token('staff-moderator');
  owner = await token('owner');
}, 120_000);
afterAll(async () => server?.close());

/** Runs `work` while inserting an audit event with `action` fails. */
async function whileAuditFails<T>(action: string, work: () => Promise<T>): Promise<T> {
  await server.sql.query(`create function test_refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.action = any(tg_argv) then raise exception 'audit event % refused by the test', new.action; end if;
      return new;
    end $$`);
  await server.sql.query(
    `create trigger test_refuse_audit before insert on audit_events for each row
       execute function test_refuse_audit('${action}')`,
  );
  try {
    return await work();
  } finally {
    await server.sql.query('drop trigger test_refuse_audit on audit_events');
    await server.sql.query('drop function test_refuse_audit()');
  }
}

const audits = (object: string) =>
  server.count('select count(*) from audit_events where object = $1', [object]);

describe('staff upserts', () => {
  if (!invoice || !contract) throw new Error('no demo data');

  it('an invoice whose invoice.create event fails is not created', async () => {
    const number = 'INV-ATOMIC-1';
    const path = `/api/admin/v2/invoices/${number}`;
    const stored = () =>
      Promise.all([
        server.count('select count(*) from invoices where number = $1', [number]),
        server.count(
          'select count(*) from invoice_lines l join invoices i on i.id = l.invoice_id where i.number = $1',
          [number],
        ),
        audits(`invoices/${number}`),
      ]);
    const failed = await whileAuditFails('invoice.create', () =>
      send(server, 'PUT', path, { token: moderator, json: invoice.body }),
    );
    expect(failed.status).toBe(500);
    expect(await stored()).toEqual([0, 0, 0]);

    const created = await send(server, 'PUT', path, { token: moderator, json: invoice.body });
    expect(created.status).toBe(201);
    expect(await stored()).toEqual([1, invoice.body.lines.length, 1]);
  });

  it('an invoice whose invoice.update event fails keeps its old content', async () => {
    const path = `/api/admin/v2/invoices/${invoice.number}`;
    const row = () =>
      server.sql
        .query<{ amount_due: string; source_hash: string }>(
          'select amount_due::text, source_hash from invoices where number = $1',
          [invoice.number],
        )
        .then((result) => result.rows[0]);
    const before = await row();
    const changed = { ...invoice.body, amount_due: '1.00' };
    const failed = await whileAuditFails('invoice.update', () =>
      send(server, 'PUT', path, { token: moderator, json: changed }),
    );
    expect(failed.status).toBe(500);
    expect(await row()).toEqual(before);
    expect(await audits(`invoices/${invoice.number}`)).toBe(0);

    // The push is not lost: sent again, it is stored and audited.
    const again = await send(server, 'PUT', path, { token: moderator, json: changed });
    expect(again.status).toBe(200);
    expect((await row())?.amount_due).toBe('1.00');
    expect(await audits(`invoices/${invoice.number}`)).toBe(1);
  });

  it('a contract whose contract.create event fails is not created', async () => {
    const id = 'CT-ATOMIC-1';
    const path = `/api/admin/v2/contracts/${id}`;
    const stored = () =>
      Promise.all([
        server.count('select count(*) from contracts where id = $1', [id]),
        server.count('select count(*) from contract_rules where contract_id = $1', [id]),
        audits(`contracts/${id}`),
      ]);
    const failed = await whileAuditFails('contract.create', () =>
      send(server, 'PUT', path, { token: moderator, json: contract.body }),
    );
    expect(failed.status).toBe(500);
    expect(await stored()).toEqual([0, 0, 0]);

    const created = await send(server, 'PUT', path, { token: moderator, json: contract.body });
    expect(created.status).toBe(201);
    expect(await stored()).toEqual([1, contract.body.rules.length, 1]);
  });
});

describe('ticket watchers', () => {
  if (!ticket || !viewer) throw new Error('no demo ticket or viewer');
  const path = `/api/v2/customer/1001/tickets/${ticket.number}/watchers/${viewer.id}`;
  const watching = () =>
    server.count('select count(*) from ticket_watchers where ticket_id = $1 and user_id = $2', [
      ticket.number,
      viewer.id,
    ]);
  const events = (action: string) =>
    server.count('select count(*) from audit_events where action = $1 and object = $2', [
      action,
      `tickets/${ticket.number}`,
    ]);

  it('adding a watcher whose ticket.watcher.add event fails adds nobody', async () => {
    const failed = await whileAuditFails('ticket.watcher.add', () =>
      send(server, 'PUT', path, { token: owner }),
    );
    expect(failed.status).toBe(500);
    expect([await watching(), await events('ticket.watcher.add')]).toEqual([0, 0]);

    const added = await send(server, 'PUT', path, { token: owner });
    expect(added.status).toBe(200);
    expect((added.json as Ticket).watchers.map((person) => person.user_id)).toEqual([viewer.id]);
    expect([await watching(), await events('ticket.watcher.add')]).toEqual([1, 1]);
  });

  it('removing a watcher whose ticket.watcher.remove event fails keeps them', async () => {
    const failed = await whileAuditFails('ticket.watcher.remove', () =>
      send(server, 'DELETE', path, { token: owner }),
    );
    expect(failed.status).toBe(500);
    expect([await watching(), await events('ticket.watcher.remove')]).toEqual([1, 0]);

    const removed = await send(server, 'DELETE', path, { token: owner });
    expect(removed.status).toBe(204);
    expect([await watching(), await events('ticket.watcher.remove')]).toEqual([0, 1]);
  });
});
