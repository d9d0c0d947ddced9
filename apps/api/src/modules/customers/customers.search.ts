import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { customers } from './customers.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const customersSearchQuery = (
  db: Database,
  q: { pattern: string; number?: number; mine?: number[]; limit: number },
) =>
  db
    .select({ id: customers.customerId, name: customers.displayName })
    .from(customers)
    .where(
      sql`(${customers.displayName} ilike ${q.pattern}${q.number === undefined ? sql`` : sql` or ${customers.customerId} = ${q.number}`})${
        q.mine === undefined ? sql`` : sql` and ${inArray(customers.customerId, q.mine)}`
      }`,
    )
    .orderBy(asc(customers.displayName))
    .limit(q.limit);

/**
 * Companies in the global search: staff find every customer by name or number, others the companies
 * they have rights in.
 */
export const customersSearch = (db: Database): SearchRegistration => ({
  kind: 'customers',
  requires: { global: [] },
  perCustomer: false,
  async search({ pattern, text, rights, limit }) {
    const staff = (rights.global ?? []).includes('company-read');
    const mine = Object.entries(rights)
      .filter(([key, list]) => key !== 'global' && list.includes('company-read'))
      .map(([key]) => Number(key));
    if (!staff && mine.length === 0) return [];
    const number = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    const rows = await customersSearchQuery(db, { pattern, number, mine: staff ? undefined : mine, limit });
    return rows.map((row) => ({
      id: String(row.id),
      title: row.name,
      subtitle: String(row.id),
      route: `/company/${row.id}`,
    }));
  },
});
