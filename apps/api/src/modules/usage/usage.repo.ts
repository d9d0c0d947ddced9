import type { UsageEntry } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';

export type UsageRecord = UsageEntry & { rate: string };

/**
 * The usage screen's two reads, as SQL texts run as named statements (parsed once per connection).
 * Exported for the bench's bare baseline (bench/bare-server.ts keeps a copy; the sla suite fails when
 * the texts differ). Both are served by the unique index (customer_id, period, usage_type, subtype).
 */
export const USAGE_SQL = {
  /** $1 customer id, $2 period: the entries in screen order (usage type, subtype). */
  entries: `select id, type, subtype, unit, usage_type, period_start_amount, remaining_amount, used_amount,
  overusage_amount, renews, rate
from usage_entries
where customer_id = $1::int and period = $2::text
order by usage_type, subtype, id`,
  /** $1 customer id: the periods that hold usage, newest first. */
  periods: `select distinct period from usage_entries where customer_id = $1::int order by period desc`,
} as const;

/** Usage entries, always scoped by customer (STYLE.md habit 4). */
export function createUsageRepo(db: Database) {
  const client = db.$client;
  return {
    /** A customer's entries of one period, in screen order (usageType, subtype). */
    async entries(customerId: number, period: string): Promise<UsageRecord[]> {
      const { rows } = await client.query<UsageRecord>({
        name: 'usage_entries',
        text: USAGE_SQL.entries,
        values: [customerId, period],
      });
      return rows;
    },

    /** The periods that hold usage for a customer, newest first. */
    async periods(customerId: number): Promise<string[]> {
      const { rows } = await client.query<{ period: string }>({
        name: 'usage_periods',
        text: USAGE_SQL.periods,
        values: [customerId],
      });
      return rows.map((row) => row.period);
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
