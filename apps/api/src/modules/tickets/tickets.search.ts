import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Param, preparedByShape } from '../../db/prepared.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { tickets } from './tickets.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const ticketsSearchQuery = (
  db: Database,
  q: {
    pattern: Param<string>;
    number?: Param<number>;
    customerId: Param<number>;
    authorId?: Param<string>;
    limit: Param<number>;
  },
) =>
  db
    .select({ id: tickets.id, subject: tickets.subject, status: tickets.status })
    .from(tickets)
    .where(
      and(
        eq(tickets.customerId, q.customerId),
        q.authorId === undefined ? undefined : eq(tickets.authorId, q.authorId),
        or(
          sql`${tickets.subject} ilike ${q.pattern}`,
          q.number === undefined ? undefined : eq(tickets.id, q.number),
        ),
      ),
    )
    // NULLS LAST as in tickets_customer_updated_idx: with a plain DESC (nulls first) the index cannot
    // give the order, and a common word ('back-up', 1,881 of 15,000 tickets) read and sorted every
    // match (5 ms) instead of the newest tickets until ten matched (0.9 ms).
    .orderBy(sql`${tickets.updatedAt} desc nulls last`, sql`${tickets.id} desc nulls last`)
    .limit(q.limit);

/**
 * Tickets in the global search (a registration of the search module, kept apart from the tickets
 * service): subject through the trigram index, or the ticket number. Like the list, callers without
 * ticket-read-all find only their own tickets.
 */
export const ticketsSearch = (db: Database): SearchRegistration => {
  const named = sql.placeholder;
  const prepared = preparedByShape((shape: `${'all' | 'own'}_${'text' | 'number'}`) =>
    ticketsSearchQuery(db, {
      pattern: named('pattern'),
      number: shape.endsWith('number') ? named('number') : undefined,
      customerId: named('customerId'),
      authorId: shape.startsWith('own') ? named('authorId') : undefined,
      limit: named('limit'),
    }).prepare(`search_tickets_${shape}`),
  );
  return {
    kind: 'tickets',
    requires: { customer: ['ticket-read'] },
    perCustomer: true,
    async search({ pattern, text, customerId, userId, rights, limit }) {
      if (customerId === undefined) return [];
      const all = [...(rights.global ?? []), ...(rights[String(customerId)] ?? [])].includes(
        'ticket-read-all',
      );
      const number = /^\d{1,15}$/.test(text) ? Number(text) : undefined;
      const rows = await prepared(
        `${all ? 'all' : 'own'}_${number === undefined ? 'text' : 'number'}`,
      ).execute({
        pattern,
        number,
        customerId,
        authorId: userId,
        limit,
      });
      return rows.map((row) => ({
        id: String(row.id),
        title: row.subject,
        subtitle: `#${row.id} · ${row.status}`,
        subtitle_parts: [{ text: `#${row.id}` }, { ticket_status: row.status }],
        route: `/support/ticket/${row.id}`,
      }));
    },
  };
};
