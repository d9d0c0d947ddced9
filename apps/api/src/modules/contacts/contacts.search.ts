import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { contacts } from './contacts.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const contactsSearchQuery = (
  db: Database,
  { pattern, customerId, limit }: { pattern: string; customerId: number; limit: number },
) =>
  db
    .select({ id: contacts.id, first: contacts.firstName, last: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.customerId, customerId),
        sql`(${contacts.firstName} || ' ' || ${contacts.lastName} || ' ' || ${contacts.email}) ilike ${pattern}`,
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.id))
    .limit(limit);

/** Contacts in the global search: name or e-mail address, through the trigram index. */
export const contactsSearch = (db: Database): SearchRegistration => ({
  kind: 'contacts',
  requires: { customer: ['contact-read'] },
  perCustomer: true,
  async search({ pattern, customerId, limit }) {
    if (customerId === undefined) return [];
    const rows = await contactsSearchQuery(db, { pattern, customerId, limit });
    return rows.map((row) => ({
      id: String(row.id),
      title: `${row.first} ${row.last}`,
      subtitle: row.email,
      route: `/company/${customerId}/contacts/${row.id}`,
    }));
  },
});
