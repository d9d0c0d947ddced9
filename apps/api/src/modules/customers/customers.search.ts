import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Param, preparedByShape } from '../../db/prepared.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { customers } from './customers.table.ts';

/**
 * The query, apart so the bench can compare its text with the baseline's copy. The caller's own
 * companies are one array parameter, so the text is the same however many they are; a caller in one
 * company (most customers' users) compares that one id (`one`).
 */
export const customersSearchQuery = (
  db: Pick<Database, 'select'>,
  q: {
    pattern: Param<string>;
    number?: Param<number>;
    mine?: Param<number[]>;
    one?: Param<number>;
    limit: Param<number>;
  },
) =>
  db
    .select({ id: customers.customerId, name: customers.displayName })
    .from(customers)
    .where(
      sql`(${customers.displayName} ilike ${q.pattern}${q.number === undefined ? sql`` : sql` or ${customers.customerId} = ${q.number}`})${
        q.one !== undefined
          ? sql` and ${customers.customerId} = ${q.one}`
          : q.mine === undefined
            ? sql``
            : sql` and ${customers.customerId} = any(${Array.isArray(q.mine) ? sql.param(q.mine) : q.mine}::int[])`
      }`,
    )
    .orderBy(asc(customers.displayName))
    .limit(q.limit);

/**
 * Companies in the global search: staff find every customer by name or number, others the companies
 * they have rights in. The caller's own companies are read by primary key whatever the text, so those
 * shapes run where PostgreSQL may keep its generic plan (db.$reusablePlans) instead of planning every
 * search (0.14 ms of planning for 0.02 ms of work under the people bench); staff's shapes stay planned
 * per text. PostgreSQL keeps the generic plan only when it costs no more than a plan per call: with one
 * company it does (one primary-key read); for an array of unknown length it reckons with ten reads and
 * plans every call, so a caller in one company gets the shape with that one id (PostgreSQL 15, bench
 * data: 0.35–0.53 → 0.08–0.12 ms a search; decision 0043).
 */
export const customersSearch = (db: Database): SearchRegistration => {
  const named = sql.placeholder;
  const prepared = preparedByShape((shape: `${'all' | 'one' | 'mine'}_${'text' | 'number'}`) =>
    customersSearchQuery(shape.startsWith('all') ? db : db.$reusablePlans.drizzle, {
      pattern: named('pattern'),
      number: shape.endsWith('number') ? named('number') : undefined,
      mine: shape.startsWith('mine') ? named('mine') : undefined,
      one: shape.startsWith('one') ? named('one') : undefined,
      limit: named('limit'),
    }).prepare(`search_customers_${shape}`),
  );
  return {
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
      const scope = staff ? 'all' : mine.length === 1 ? 'one' : 'mine';
      const shape = `${scope}_${number === undefined ? 'text' : 'number'}` as const;
      const rows = await prepared(shape).execute({ pattern, number, mine, one: mine[0], limit });
      return rows.map((row) => ({
        id: String(row.id),
        title: row.name,
        subtitle: String(row.id),
        route: `/company/${row.id}`,
      }));
    },
  };
};
