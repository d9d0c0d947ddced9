import { and, ilike, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Param } from '../../db/prepared.ts';
import { searchCustomerIs } from '../../db/search-index.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { invoiceNumberSearch } from './invoices.repo.ts';
import { invoices } from './invoices.table.ts';

/**
 * The query, apart so the bench can compare its text with the baseline's copy. By number
 * (invoices.repo.ts invoiceNumberSearch): the number's digits hold `digits` and the number holds
 * `pattern`, both read from invoices_number_trgm_idx with the customer (searchCustomerIs: the generic
 * plan would otherwise walk all of a large customer's invoices by date); newest first.
 */
export const invoicesSearchQuery = (
  db: Database,
  {
    pattern,
    digits,
    customerId,
    limit,
  }: { pattern: Param<string>; digits: Param<string>; customerId: Param<number>; limit: Param<number> },
) =>
  db
    .select({ number: invoices.number, description: invoices.description, date: invoices.invoiceDate })
    .from(invoices)
    .where(
      and(
        searchCustomerIs(invoices.customerId, customerId),
        like(invoices.numberDigits, digits),
        ilike(invoices.number, pattern),
      ),
    )
    .orderBy(sql`${invoices.invoiceDate} desc nulls last`, sql`${invoices.id} desc nulls last`)
    .limit(limit);

/**
 * Invoices in the global search (a registration of the search module): by number (issue 13 item 6), when
 * the text holds a number's part, three digits or more ('7321', 'INV-2026-0042'). A text without them
 * (a name, 'INV') finds no invoice here: matching it against every number of a customer reads all of the
 * customer's invoices, on every search of a name; the invoice list's own search still finds it.
 */
export const invoicesSearch = (db: Database): SearchRegistration => {
  // Built once: Drizzle does not write the text again on every search, which runs as a named statement.
  const named = sql.placeholder;
  const prepared = invoicesSearchQuery(db, {
    pattern: named('pattern'),
    digits: named('digits'),
    customerId: named('customerId'),
    limit: named('limit'),
  }).prepare('search_invoices');
  return {
    kind: 'invoices',
    requires: { customer: ['invoice-read'] },
    perCustomer: true,
    async search({ text, customerId, limit }) {
      if (customerId === undefined) return [];
      const { pattern, digits } = invoiceNumberSearch(text);
      if (digits === null) return [];
      const rows = await prepared.execute({ pattern, digits, customerId, limit });
      return rows.map((row) => ({
        id: row.number,
        title: row.number,
        subtitle: [row.date, row.description].filter(Boolean).join(' · '),
        subtitle_parts: [
          ...(row.date ? [{ date: row.date }] : []),
          ...(row.description ? [{ text: row.description }] : []),
        ],
        route: `/administration/invoices/${encodeURIComponent(row.number)}`,
      }));
    },
  };
};
