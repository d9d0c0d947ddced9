import { USAGE_STATUS_ABOVE, type UsageEntry, type UsageKind, type UsageStatus } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';

export type UsageRecord = UsageEntry & { rate: string };

/** The staff list's filters (GET /api/admin/v2/usage); every one optional but the month. */
export interface AllUsageFilters {
  period: string;
  /** Part of a customer's name, or a customer id. */
  q?: string;
  statuses?: readonly UsageStatus[];
  types?: readonly UsageKind[];
  overQuota?: boolean;
}

/** The staff list's sort key, ascending: over quota first (0), then the used percentage high to low. */
export interface AllUsageKey {
  rank: 0 | 1;
  usedPercent: number;
  customerName: string;
  id: number;
}

export type AllUsageRow = UsageEntry & {
  customer_id: number;
  customer_name: string;
  period: string;
  rank: 0 | 1;
  used_percent: number;
};

/**
 * SPEC.md §4's used percentage in SQL, for the staff list's status filter and sort only: the answer's
 * percentage and status come from usedPercentage/usageStatus in contracts, and usage-admin.test.ts
 * checks this expression against them, edge cases included. floor(x + 0.5) is JavaScript's
 * Math.round (PostgreSQL's round() of a double rounds half to even). A double, never an int cast:
 * a remaining amount far above the period start must not overflow into a 500.
 */
const USED_PERCENT_SQL = `case
    when e.period_start_amount = 0 then case when e.used_amount > 0 then 100 else 0 end
    when e.overusage_amount > 0 then 100
    else floor((1 - e.remaining_amount / e.period_start_amount) * 100 + 0.5)
  end`;

/** A status of SPEC.md §4 as a condition on the used percentage, with contracts' bounds. */
const STATUS_SQL: Record<UsageStatus, string> = {
  error: `used_percent > ${USAGE_STATUS_ABOVE.error}`,
  warning: `used_percent > ${USAGE_STATUS_ABOVE.warning} and used_percent <= ${USAGE_STATUS_ABOVE.error}`,
  success: `used_percent <= ${USAGE_STATUS_ABOVE.warning}`,
};

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * The statement of one page of the staff list (name, text, values); the text holds only the filters
 * that are set, so each shape is a named statement with a plan of its own (as the desk's queue).
 * Order: over quota first, then the used percentage from high to low, then the customer's name and
 * the entry id; keyset paging over that tuple, the first page after (-1, …), before every row.
 */
export function allUsageStatement(filters: AllUsageFilters, after: AllUsageKey | undefined, limit: number) {
  const values: unknown[] = [
    filters.period,
    after?.rank ?? -1,
    after?.usedPercent ?? 0,
    after?.customerName ?? '',
    after?.id ?? 0,
    limit,
  ];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const inner = ['e.period = $1::text'];
  if (filters.types?.length) inner.push(`e.type = any(${param(filters.types, 'text[]')})`);
  if (filters.overQuota === true) inner.push('e.overusage_amount > 0');
  if (filters.overQuota === false) inner.push('not e.overusage_amount > 0');
  if (filters.q) {
    const name = `c.display_name ilike ${param(likePattern(filters.q), 'text')}`;
    inner.push(
      /^\d{1,10}$/.test(filters.q) ? `(${name} or c.customer_id::text = ${param(filters.q, 'text')})` : name,
    );
  }
  const outer = ['(rank, -used_percent, customer_name, id) > ($2::int, -$3::float8, $4::text, $5::int)'];
  if (filters.statuses?.length) {
    outer.push(`(${[...new Set(filters.statuses)].map((status) => `(${STATUS_SQL[status]})`).join(' or ')})`);
  }
  const text = `select * from (
  select e.id, e.customer_id, c.display_name as customer_name, e.period, e.type, e.subtype, e.unit,
    e.usage_type, e.period_start_amount, e.remaining_amount, e.used_amount, e.overusage_amount, e.renews,
    case when e.overusage_amount > 0 then 0 else 1 end as rank,
    ${USED_PERCENT_SQL} as used_percent
  from usage_entries e
  join customers c on c.customer_id = e.customer_id
  where ${inner.join('\n    and ')}
) entries
where ${outer.join('\n  and ')}
order by rank, -used_percent, customer_name, id
limit $6::int`;
  return { name: `usage_all_${shapeKey(text)}`, text, values };
}

/** A short, stable name for a statement text (PostgreSQL keeps names up to 63 bytes). */
function shapeKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

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
    /**
     * One page of every customer's entries of a period (the staff list): not scoped by customer on
     * purpose, the route requires the global usage-read right.
     */
    async allCustomers(filters: AllUsageFilters, after: AllUsageKey | undefined, limit: number) {
      const { rows } = await client.query<AllUsageRow>(allUsageStatement(filters, after, limit));
      return rows;
    },

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
