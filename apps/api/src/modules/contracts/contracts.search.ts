import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Param } from '../../db/prepared.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { contracts } from './contracts.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const contractsSearchQuery = (
  db: Pick<Database, 'select'>,
  { pattern, customerId, limit }: { pattern: Param<string>; customerId: Param<number>; limit: Param<number> },
) =>
  db
    .select({ id: contracts.id, description: contracts.description })
    .from(contracts)
    .where(
      and(
        eq(contracts.customerId, customerId),
        or(sql`${contracts.id} ilike ${pattern}`, sql`${contracts.description} ilike ${pattern}`),
      ),
    )
    .orderBy(asc(contracts.id))
    .limit(limit);

/**
 * Contracts in the global search (a registration of the search module): id or description. A customer
 * has few contracts, read by contracts_customer_start_idx whatever the text, so the statement keeps
 * PostgreSQL's generic plan (db.$reusablePlans) instead of being planned on every search (0.13 ms a
 * search planned each time, 0.06 ms with the kept plan; decision 0043).
 */
export const contractsSearch = (db: Database): SearchRegistration => {
  // Built once: Drizzle does not write the text again on every search, which runs as a named statement.
  const named = sql.placeholder;
  const prepared = contractsSearchQuery(db.$reusablePlans.drizzle, {
    pattern: named('pattern'),
    customerId: named('customerId'),
    limit: named('limit'),
  }).prepare('search_contracts');
  return {
    kind: 'contracts',
    requires: { customer: ['subscription-read'] },
    perCustomer: true,
    async search({ pattern, customerId, limit }) {
      if (customerId === undefined) return [];
      const rows = await prepared.execute({ pattern, customerId, limit });
      return rows.map((row) => ({
        id: row.id,
        title: row.description,
        subtitle: row.id,
        route: `/administration/contracts/${encodeURIComponent(row.id)}`,
      }));
    },
  };
};
