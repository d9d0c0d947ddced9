import type { Database } from '../../db/client.ts';

/** An incident ticket of a month, as the SLA report measures it. */
export interface IncidentTimes {
  id: number;
  subject: string;
  priority: 1 | 2 | 3;
  created_at: Date;
  /** The service desk's first reply the customer could see; null when none came. */
  responded_at: Date | null;
  /** When the ticket was first closed; null while it is open. */
  closed_at: Date | null;
}

/**
 * The incident tickets of a month with the desk's first visible reply and the first close (a staff
 * author is one with global roles; internal notes do not count as a response).
 */
const INCIDENTS_SQL = `
  select t.id, t.subject, t.priority, t.created_at,
    (select min(m.created_at) from ticket_messages m join users u on u.id = m.author_id
      where m.ticket_id = t.id and not m.internal and cardinality(u.global_roles) > 0) as responded_at,
    (select min(m.created_at) from ticket_messages m where m.ticket_id = t.id and m.status_change = 'closed') as closed_at
  from tickets t
  where t.customer_id = $1 and t.category = 'incident_request' and t.created_at >= $2 and t.created_at < $3
  order by t.created_at, t.id`;

const OPEN_INCIDENTS_SQL = `select count(*)::int as count from tickets
  where customer_id = $1 and category = 'incident_request' and status <> 'closed'`;

const priorityOf = (value: number): 1 | 2 | 3 => (value === 1 || value === 3 ? value : 2);

/**
 * What other modules may read about incident tickets (the SLA report and the SLA panel), so that they
 * never query the tickets tables themselves (STYLE.md: a module calls another module's functions,
 * never its repo or tables). Scoped by customer like every tickets read.
 */
export function createIncidentReads(db: Database) {
  const client = db.$client;
  return {
    /** A customer's incident tickets created in [from, to), oldest first. */
    async incidents(customerId: number, from: Date, to: Date): Promise<IncidentTimes[]> {
      const { rows } = await client.query<{
        id: string;
        subject: string;
        priority: number;
        created_at: Date;
        responded_at: Date | null;
        closed_at: Date | null;
      }>(INCIDENTS_SQL, [customerId, from, to]);
      return rows.map((row) => ({ ...row, id: Number(row.id), priority: priorityOf(row.priority) }));
    },

    /** Incident tickets not yet closed. */
    async openIncidents(customerId: number): Promise<number> {
      const { rows } = await client.query<{ count: number }>(OPEN_INCIDENTS_SQL, [customerId]);
      return rows[0]?.count ?? 0;
    },
  };
}
export type IncidentReads = ReturnType<typeof createIncidentReads>;
