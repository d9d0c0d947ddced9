import { and, asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Param } from '../../db/prepared.ts';
import { searchCustomerIs } from '../../db/search-index.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { contacts } from './contacts.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const contactsSearchQuery = (
  db: Pick<Database, 'select'>,
  { pattern, customerId, limit }: { pattern: Param<string>; customerId: Param<number>; limit: Param<number> },
) =>
  db
    .select({ id: contacts.id, first: contacts.firstName, last: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(
      and(
        searchCustomerIs(contacts.customerId, customerId),
        sql`(${contacts.firstName} || ' ' || ${contacts.lastName} || ' ' || ${contacts.email}) ilike ${pattern}`,
      ),
    )
    // By last name, but not through contacts_customer_name_idx: `|| ''` keeps the order and hides the
    // index, so PostgreSQL finds the matches by contacts_search_trgm_idx and sorts them, whatever the
    // customer and text (the one plan of db.$reusablePlans; test/search-plans.test.ts). Walking the
    // customer's contacts in name order until ten match looks cheap to it for a name many contacts
    // share, yet the matches of a name sit together in that order: 'jansen' among 2,000 contacts read
    // most of them (2.1 ms, 0.7 ms by the trigram index). A text every contact holds (an e-mail
    // domain) costs at most reading the customer's contacts.
    .orderBy(sql`${contacts.lastName} || ''`, asc(contacts.id))
    .limit(limit);

/**
 * Contacts in the global search: name or e-mail address, through the trigram index. The statement
 * keeps PostgreSQL's generic plan (db.$reusablePlans): planned per search it read the same index, and
 * the planning, mostly pg_trgm's estimate of the text, cost more than the search (bench customer,
 * 'jansen': 0.78 ms a search planned each time, 0.32 ms with the kept plan; decision 0043).
 */
export const contactsSearch = (db: Database): SearchRegistration => {
  // Built once: Drizzle does not write the text again on every search, which runs as a named statement.
  const named = sql.placeholder;
  const prepared = contactsSearchQuery(db.$reusablePlans.drizzle, {
    pattern: named('pattern'),
    customerId: named('customerId'),
    limit: named('limit'),
  }).prepare('search_contacts');
  return {
    kind: 'contacts',
    requires: { customer: ['contact-read'] },
    perCustomer: true,
    async search({ pattern, customerId, limit }) {
      if (customerId === undefined) return [];
      const rows = await prepared.execute({ pattern, customerId, limit });
      return rows.map((row) => ({
        id: String(row.id),
        title: `${row.first} ${row.last}`,
        subtitle: row.email,
        route: `/company/${customerId}/contacts/${row.id}`,
      }));
    },
  };
};
