import type { ReportKind, ReportSummary } from '@portaal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The database or an open transaction on it. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

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
 * The report list as one SQL text run as a named statement, served by reports_customer_period_idx.
 * Exported for the bench's bare baseline (bench/bare-server.ts keeps a copy; the sla suite fails when
 * the texts differ). $1 customer id, $2 kind or null, $3 period or null.
 */
export const REPORT_LIST_SQL = `select display_id, kind, period,
  to_char(generated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as generated_at
from reports
where customer_id = $1::int and ($2::text is null or kind = $2::text) and ($3::text is null or period = $3::text)
order by period desc, kind`;

/** Reports, always scoped by customer (STYLE.md habit 4). */
export function createReportsRepo(db: Database) {
  return {
    async list(customerId: number, filter: { kind?: ReportKind; period?: string }): Promise<ReportSummary[]> {
      const { rows } = await db.$client.query<ReportSummary>({
        name: 'report_list',
        text: REPORT_LIST_SQL,
        values: [customerId, filter.kind ?? null, filter.period ?? null],
      });
      return rows;
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

    /**
     * Regeneration by staff, in the caller's transaction: the stored figures (locked), then either a
     * new report or the figures replaced with a fresh generation time.
     */
    async lockData(
      tx: Executor,
      customerId: number,
      displayId: string,
    ): Promise<{ data: unknown } | undefined> {
      const [row] = await tx
        .select({ data: reports.data })
        .from(reports)
        .where(and(eq(reports.customerId, customerId), eq(reports.displayId, displayId)))
        .for('update');
      return row;
    },

    async insertIn(
      tx: Executor,
      row: { customerId: number; kind: ReportKind; period: string; displayId: string; data: unknown },
    ): Promise<boolean> {
      const inserted = await tx
        .insert(reports)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return inserted.length > 0;
    },

    async replaceData(tx: Executor, customerId: number, displayId: string, data: unknown): Promise<void> {
      await tx
        .update(reports)
        .set({ data, generatedAt: sql`now()` })
        .where(and(eq(reports.customerId, customerId), eq(reports.displayId, displayId)));
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
