import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SearchRegistration } from '../search/search.registry.ts';
import { invoices } from './invoices.table.ts';

/** The query, apart so the bench can compare its text with the baseline's copy. */
export const invoicesSearchQuery = (
  db: Database,
  { pattern, customerId, limit }: { pattern: string; customerId: number; limit: number },
) =>
  db
    .select({ number: invoices.number, description: invoices.description, date: invoices.invoiceDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, customerId),
        or(sql`${invoices.number} ilike ${pattern}`, sql`${invoices.description} ilike ${pattern}`),
      ),
    )
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(limit);

/** Invoices in the global search (a registration of the search module): number or description. */
export const invoicesSearch = (db: Database): SearchRegistration => ({
  kind: 'invoices',
  requires: { customer: ['invoice-read'] },
  perCustomer: true,
  async search({ pattern, customerId, limit }) {
    if (customerId === undefined) return [];
    const rows = await invoicesSearchQuery(db, { pattern, customerId, limit });
    return rows.map((row) => ({
      id: row.number,
      title: row.number,
      subtitle: [row.date, row.description].filter(Boolean).join(' · '),
      route: `/administration/invoices/${encodeURIComponent(row.number)}`,
    }));
  },
});
