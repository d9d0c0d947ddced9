import type { CrosscheckStatus, UsageKind, UsageUnit } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';

/**
 * Crosschecks (decision 0027) read the usage bundles of a month, summed per customer, usage type and
 * unit: billed is the bundles' period start amounts, used their used amounts, both rounded to cents
 * as numeric (exact from there on). Not scoped by customer on purpose: the routes require the global
 * crosscheck rights. Only reads; the usage module owns the table.
 */
const GROUPED_SQL = (where: string) => `select e.period, e.customer_id, e.usage_type as subtype, e.unit,
    min(e.type) as type,
    round(sum(e.period_start_amount)::numeric, 2) as billed,
    round(sum(e.used_amount)::numeric, 2) as used
  from usage_entries e
  where ${where}
  group by e.period, e.customer_id, e.usage_type, e.unit`;

/**
 * The status of contracts' crosscheckFigures as SQL over the rounded amounts, for the filter and the
 * monthly counts only: the answer's status comes from contracts, and the API tests check both agree.
 */
export const STATUS_SQL = `case
    when g.billed <= 0 and g.used > 0 then 'unbilled'
    when g.billed > 0 and g.used <= 0 then 'unused'
    when g.used > g.billed then 'under_billed'
    else 'match'
  end`;

export interface CrosscheckMonthRow {
  month: string;
  customers: number;
  rows: number;
  differences: number;
  subtypes: string[];
}

export interface CrosscheckRecord {
  customer_id: number;
  customer_name: string;
  type: UsageKind;
  subtype: string;
  unit: UsageUnit;
  billed: string;
  used: string;
}

export interface CrosscheckFilters {
  month: string;
  subtype?: string;
  q?: string;
  statuses?: readonly CrosscheckStatus[];
}

/** The detail's sort key, ascending: customer name, customer id, subtype, unit. */
export interface CrosscheckKey {
  customerName: string;
  customerId: number;
  subtype: string;
  unit: string;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export function crosscheckRowsStatement(
  filters: CrosscheckFilters,
  after: CrosscheckKey | undefined,
  limit: number,
) {
  const values: unknown[] = [filters.month];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const inner = ['e.period = $1::text'];
  if (filters.subtype) inner.push(`e.usage_type = ${param(filters.subtype, 'text')}`);
  const outer: string[] = [];
  if (filters.q) {
    const name = `c.display_name ilike ${param(likePattern(filters.q), 'text')}`;
    outer.push(
      /^\d{1,10}$/.test(filters.q) ? `(${name} or c.customer_id = ${param(Number(filters.q), 'int')})` : name,
    );
  }
  if (filters.statuses?.length)
    outer.push(`${STATUS_SQL} = any(${param([...new Set(filters.statuses)], 'text[]')})`);
  if (after) {
    outer.push(
      `(c.display_name, c.customer_id, g.subtype, g.unit) > (${param(after.customerName, 'text')}, ${param(after.customerId, 'int')}, ${param(after.subtype, 'text')}, ${param(after.unit, 'text')})`,
    );
  }
  const text = `select g.customer_id, c.display_name as customer_name, g.type, g.subtype, g.unit,
  g.billed::text as billed, g.used::text as used
from (${GROUPED_SQL(inner.join(' and '))}) g
join customers c on c.customer_id = g.customer_id
${outer.length ? `where ${outer.join('\n  and ')}` : ''}
order by c.display_name, c.customer_id, g.subtype, g.unit
limit ${param(limit, 'int')}`;
  return { text, values };
}

export function createCrosschecksRepo(db: Database) {
  const client = db.$client;
  return {
    /** The months that hold usage, newest first, with their counts (one month when given). */
    async months(month?: string): Promise<CrosscheckMonthRow[]> {
      const { rows } = await client.query<CrosscheckMonthRow>({
        text: `select g.period as month, count(distinct g.customer_id)::int as customers, count(*)::int as rows,
  (count(*) filter (where ${STATUS_SQL} <> 'match'))::int as differences,
  array_agg(distinct g.subtype order by g.subtype) as subtypes
from (${GROUPED_SQL(month ? 'e.period = $1::text' : 'true')}) g
group by g.period
order by g.period desc`,
        values: month ? [month] : [],
      });
      return rows;
    },

    /** One page of a month's rows. */
    async rows(filters: CrosscheckFilters, after: CrosscheckKey | undefined, limit: number) {
      const { rows } = await client.query<CrosscheckRecord>(crosscheckRowsStatement(filters, after, limit));
      return rows;
    },

    /** Every row of a month and subtype with the customer's accounting id (the export). */
    async exportRows(month: string, subtype: string) {
      const { rows } = await client.query<CrosscheckRecord & { accounting_id: string | null }>({
        text: `select g.customer_id, c.display_name as customer_name, g.type, g.subtype, g.unit,
  g.billed::text as billed, g.used::text as used,
  (select l.identifier from customer_links l
    where l.customer_id = g.customer_id and l.type = 'accounting' order by l.identifier limit 1) as accounting_id
from (${GROUPED_SQL('e.period = $1::text and e.usage_type = $2::text')}) g
join customers c on c.customer_id = g.customer_id
order by c.display_name, c.customer_id, g.unit`,
        values: [month, subtype],
      });
      return rows;
    },
  };
}
export type CrosschecksRepo = ReturnType<typeof createCrosschecksRepo>;
