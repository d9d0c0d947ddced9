import type { UsageEntry } from '@portaal/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { usageEntries } from './usage.table.ts';

export type UsageRecord = UsageEntry & { rate: string };

const columns = {
  id: usageEntries.id,
  type: usageEntries.type,
  subtype: usageEntries.subtype,
  unit: usageEntries.unit,
  usage_type: usageEntries.usageType,
  period_start_amount: usageEntries.periodStartAmount,
  remaining_amount: usageEntries.remainingAmount,
  used_amount: usageEntries.usedAmount,
  overusage_amount: usageEntries.overusageAmount,
  renews: usageEntries.renews,
  rate: usageEntries.rate,
};

/** Usage entries, always scoped by customer (STYLE.md habit 4). */
export function createUsageRepo(db: Database) {
  return {
    /** A customer's entries of one period, in screen order (type, usageType, subtype). */
    async entries(customerId: number, period: string): Promise<UsageRecord[]> {
      return db
        .select(columns)
        .from(usageEntries)
        .where(and(eq(usageEntries.customerId, customerId), eq(usageEntries.period, period)))
        .orderBy(asc(usageEntries.usageType), asc(usageEntries.subtype), asc(usageEntries.id));
    },

    /** The periods that hold usage for a customer, newest first. */
    async periods(customerId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ period: usageEntries.period })
        .from(usageEntries)
        .where(eq(usageEntries.customerId, customerId))
        .orderBy(desc(usageEntries.period));
      return rows.map((row) => row.period);
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
