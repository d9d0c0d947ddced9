import type { ReportKind, ReportSummary } from '@portaal/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reports } from './reports.table.ts';

export interface StoredReport extends ReportSummary {
  data: unknown;
}

const summary = {
  display_id: reports.displayId,
  kind: reports.kind,
  period: reports.period,
  generated_at: sql<string>`to_char(${reports.generatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/**
 * The incident tickets of a month with the desk's first visible reply and the close, read-only for
 * the SLA report. (The tickets module belongs to another workstream; this read belongs in its service.)
 */
const INCIDENTS = `
  select t.id, t.subject, t.priority, t.created_at,
    (select min(m.created_at) from ticket_messages m join users u on u.id = m.author_id
      where m.ticket_id = t.id and not m.internal and cardinality(u.global_roles) > 0) as responded_at,
    (select min(m.created_at) from ticket_messages m where m.ticket_id = t.id and m.status_change = 'closed') as closed_at
  from tickets t
  where t.customer_id = $1 and t.category = 'incident_request' and t.created_at >= $2 and t.created_at < $3
  order by t.created_at, t.id`;

/** Reports, always scoped by customer (STYLE.md habit 4). */
export function createReportsRepo(db: Database) {
  return {
    async list(customerId: number, filter: { kind?: ReportKind; period?: string }): Promise<ReportSummary[]> {
      return db
        .select(summary)
        .from(reports)
        .where(
          and(
            eq(reports.customerId, customerId),
            filter.kind ? eq(reports.kind, filter.kind) : undefined,
            filter.period ? eq(reports.period, filter.period) : undefined,
          ),
        )
        .orderBy(desc(reports.period), reports.kind);
    },

    async get(customerId: number, displayId: string): Promise<StoredReport | undefined> {
      const [row] = await db
        .select({ ...summary, data: reports.data })
        .from(reports)
        .where(and(eq(reports.customerId, customerId), eq(reports.displayId, displayId)))
        .limit(1);
      return row;
    },

    /** Keeps the first report of a customer and month: generating again changes nothing. */
    async insert(row: {
      customerId: number;
      kind: ReportKind;
      period: string;
      displayId: string;
      data: unknown;
    }) {
      const inserted = await db
        .insert(reports)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return inserted.length > 0;
    },

    async customerIds(): Promise<number[]> {
      const { rows } = await db.$client.query<{ customer_id: number }>(
        'select customer_id from customers order by customer_id',
      );
      return rows.map((row) => row.customer_id);
    },

    /** Incident tickets not yet closed (the SLA panel). */
    async openIncidents(customerId: number): Promise<number> {
      const { rows } = await db.$client.query<{ count: number }>(
        `select count(*)::int as count from tickets
         where customer_id = $1 and category = 'incident_request' and status <> 'closed'`,
        [customerId],
      );
      return rows[0]?.count ?? 0;
    },

    async incidents(customerId: number, from: Date, to: Date) {
      const { rows } = await db.$client.query<{
        id: string;
        subject: string;
        priority: number;
        created_at: Date;
        responded_at: Date | null;
        closed_at: Date | null;
      }>(INCIDENTS, [customerId, from, to]);
      return rows;
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
