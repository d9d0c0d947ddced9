import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

export type ReportKind = 'sla' | 'usage';

/**
 * Monthly SLA and usage reports (DESIGN.md §8), generated once per month by a schedule and kept:
 * the figures are frozen in `data`, so a report reads the same later; PDF and CSV render from them.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReportKind>().notNull(),
    period: text('period').notNull(),
    /** SLA-2026-10 / USAGE-2026-10 */
    displayId: text('display_id').notNull(),
    data: jsonb('data').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    unique('reports_customer_display_id_key').on(table.customerId, table.displayId),
    index('reports_customer_period_idx').on(table.customerId, table.period, table.kind),
  ],
);
