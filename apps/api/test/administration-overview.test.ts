import { type AdministrationOverview, endedContractStatuses, isoToday } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * The administration overview's figures (also the dashboard's invoices and contracts panels) against
 * SQL of this test's own over the demo seed: what is to pay and overdue, with their sums, and the
 * contracts renewing in the next 90 days in order. Read only, as the owner of each demo customer.
 */
let server: TicketsServer;
let owner: string;

beforeAll(async () => {
  server = await startTicketsServer('adminoverview');
  owner = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

describe('GET administration: figures from the invoices and contracts', () => {
  it('to pay and overdue, counted and summed; renewals of the next 90 days, soonest first', async () => {
    const customerId = 1001;
    const today = isoToday();
    const response = await send(server, 'GET', `/api/v2/customer/${customerId}/administration`, {
      token: owner,
    });
    expect(response.status).toBe(200);
    const overview = response.json as AdministrationOverview;

    const { rows: open } = await server.sql.query<{ overdue: boolean; count: string; sum: string }>(
      `select due_date < $2::date as overdue, count(*) as count, sum(amount_due)::text as sum
       from invoices where customer_id = $1 and amount_due > 0 and not written_off group by 1`,
      [customerId, today],
    );
    const expected = (overdue: boolean) => {
      const row = open.find((entry) => entry.overdue === overdue);
      return { count: Number(row?.count ?? 0), amount: Number(row?.sum ?? 0) };
    };
    const figures = (status: 'to_pay' | 'overdue') => {
      const found = overview.invoices?.[status];
      return { count: found?.count, amount: Number(found?.amount) };
    };
    expect(figures('overdue')).toEqual(expected(true));
    expect(figures('to_pay')).toEqual(expected(false));
    // The seed has both, so neither comparison is of two zeros.
    expect(expected(true).count).toBeGreaterThan(0);
    expect(expected(false).count).toBeGreaterThan(0);

    const { rows: renewing } = await server.sql.query<{ id: string }>(
      `select id from contracts
       where customer_id = $1 and status <> all($2::text[])
         and renewal_date between $3::date and $3::date + 90
       order by renewal_date, id`,
      [customerId, [...endedContractStatuses], today],
    );
    expect(renewing.length).toBeGreaterThan(0);
    expect(overview.renewals?.map((contract) => contract.contract_id)).toEqual(renewing.map((row) => row.id));
  });
});
