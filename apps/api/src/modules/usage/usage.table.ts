import type { UsageKind, UsageUnit } from '@portaal/contracts';
import { boolean, doublePrecision, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

/**
 * Usage entries of SPEC.md §3, one per customer, period (a calendar month, `YYYY-MM`) and bundle.
 * Amounts are quantities (hours, GiB, TB, series), not money, so a double is exact enough and sums
 * in SQL; the web app and reports format them (SPEC.md §9).
 */
export const usageEntries = pgTable(
  'usage_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    type: text('type').$type<UsageKind>().notNull(),
    subtype: text('subtype').notNull(),
    unit: text('unit').$type<UsageUnit>().notNull(),
    usageType: text('usage_type').notNull(),
    periodStartAmount: doublePrecision('period_start_amount').notNull(),
    remainingAmount: doublePrecision('remaining_amount').notNull(),
    usedAmount: doublePrecision('used_amount').notNull(),
    overusageAmount: doublePrecision('overusage_amount').notNull().default(0),
    renews: boolean('renews').notNull().default(false),
    /** The price of one unit beyond the bundle, a decimal string in EUR (usage report's rate). */
    rate: text('rate').notNull().default('0.00'),
  },
  (table) => [
    // Also the index of the usage screen and reports: (customer, period) is its prefix.
    unique('usage_entries_bundle_key').on(table.customerId, table.period, table.usageType, table.subtype),
  ],
);
