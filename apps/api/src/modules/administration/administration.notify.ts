import { endedContractStatuses, isoToday, RENEWAL_NOTICE_DAYS } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AdministrationEventPublisher } from '../notifications/notifications.events.ts';

/** The pg-boss schedule of the sweep: every ten minutes (and once at start). */
export const ADMINISTRATION_NOTIFY_JOB = 'administration.notify';
export const ADMINISTRATION_NOTIFY_CRON = '*/10 * * * *';

export interface AdministrationNotifierDeps {
  db: Database;
  events: AdministrationEventPublisher;
  /** The clock: overdue and renewal days count in UTC days, like the screens. */
  now?: () => Date;
  /** Rows claimed per transaction. */
  batch?: number;
}

type OverdueRow = {
  id: string;
  customer_id: number;
  number: string;
  due_date: string;
};
type RenewalRow = {
  id: string;
  customer_id: number;
  description: string;
  renewal_date: string;
};

/**
 * Tells the readers of a customer's administration, once, that an invoice became overdue (users with
 * invoice-read) or that a contract renews within 30 days (users with subscription-read), through the
 * notification centre. Each batch claims its rows and records their notifications in one transaction:
 * the claim (`overdue_notified_at`, `renewal_notified_for`) commits with the notifications or not at
 * all, and `for update skip locked` keeps two sweeps (two processes) off each other's rows, so every
 * event is told exactly once. A contract told about one renewal date is told again for the next.
 */
export function createAdministrationNotifier({
  db,
  events,
  now = () => new Date(),
  batch = 200,
}: AdministrationNotifierDeps) {
  async function overdueBatch(today: string): Promise<{ claimed: number; notified: number }> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<OverdueRow>(sql`
        update invoices i set overdue_notified_at = now()
        where i.id in (
          select id from invoices
          where amount_due > 0 and not written_off and overdue_notified_at is null
            and due_date < ${today}::date
          order by due_date, id
          limit ${batch}
          for update skip locked)
        returning i.id::text as id, i.customer_id, i.number, i.due_date::text as due_date`);
      let notified = 0;
      for (const row of rows) {
        notified += await events.recordAdministrationEvent(tx, {
          kind: 'invoice_overdue',
          eventKey: `invoice-overdue:${row.id}`,
          customerId: row.customer_id,
          params: { invoice_number: row.number, due_date: row.due_date },
        });
      }
      return { claimed: rows.length, notified };
    });
  }

  async function renewalBatch(today: string): Promise<{ claimed: number; notified: number }> {
    const until = isoToday(new Date(Date.parse(`${today}T00:00:00Z`) + RENEWAL_NOTICE_DAYS * 86_400_000));
    const ended = sql.join(
      endedContractStatuses.map((status) => sql`${status}`),
      sql`, `,
    );
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<RenewalRow>(sql`
        update contracts c set renewal_notified_for = c.renewal_date
        where c.id in (
          select id from contracts
          where renewal_date between ${today}::date and ${until}::date
            and renewal_notified_for is distinct from renewal_date
            and status not in (${ended})
          order by renewal_date, id
          limit ${batch}
          for update skip locked)
        returning c.id, c.customer_id, c.description, c.renewal_date::text as renewal_date`);
      let notified = 0;
      for (const row of rows) {
        notified += await events.recordAdministrationEvent(tx, {
          kind: 'contract_renewal',
          eventKey: `contract-renewal:${row.id}:${row.renewal_date}`,
          customerId: row.customer_id,
          params: {
            contract_id: row.id,
            contract_description: row.description,
            renewal_date: row.renewal_date,
          },
        });
      }
      return { claimed: rows.length, notified };
    });
  }

  return {
    /**
     * One sweep: batches until nothing is left to claim. Answers the events claimed and the
     * notifications written (one per reader).
     */
    async sweep() {
      const today = isoToday(now());
      const result = { invoices: 0, contracts: 0, notifications: 0 };
      for (;;) {
        const { claimed, notified } = await overdueBatch(today);
        result.invoices += claimed;
        result.notifications += notified;
        if (claimed < batch) break;
      }
      for (;;) {
        const { claimed, notified } = await renewalBatch(today);
        result.contracts += claimed;
        result.notifications += notified;
        if (claimed < batch) break;
      }
      return result;
    },
  };
}
export type AdministrationNotifier = ReturnType<typeof createAdministrationNotifier>;
