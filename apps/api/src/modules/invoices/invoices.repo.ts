import type { InvoiceStatus, InvoiceTotals, InvoiceUpsert } from '@portaal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../audit/audit.service.ts';
import { invoiceLines, invoices } from './invoices.table.ts';

// ——— The invoice list: one SQL statement per request ———
//
// A fixed text (a named prepared statement) so that the bench's bare node:http baseline runs exactly the
// same SQL. Keyset paging over (invoice_date desc, id desc), served by invoices_customer_date_idx; the
// first page passes ('infinity', max bigint) so the row comparison is always an index condition. The
// ORDER BY spells out NULLS LAST to match the index (drizzle writes it DESC NULLS LAST): a plain DESC
// means NULLS FIRST, which the index cannot deliver in order, and PostgreSQL would read and sort all of
// the customer's invoices for every page (34 ms instead of 0.1 ms for a customer with 15,000 invoices).
// Filters that are not set are NULL and drop out. The status is derived from amount_due, written_off
// and the due date against $4 (today), the same rule as packages/contracts invoiceStatus.
//
// A number search is the ILIKE of $6 and, when the text holds three digits or more, the same digits in
// the number's digits ($10, see invoiceNumberSearch): invoices_number_trgm_idx finds both, the number's
// digits (kept by PostgreSQL in number_digits) and the number. The digits are what tells invoices apart:
// a trigram index of the number alone reads most of its entries for a whole number, since every number
// shares its letters and dashes ('INV-'); without an index the search read all of a customer's invoices
// (15,000 for the bench's big customer: 12-20 ms). Decision 0017.
//
// Parameters: $1 customer_id, $2 cursor invoice_date, $3 cursor id, $4 today, $5 statuses text[],
// $6 number ILIKE pattern, $7 date from, $8 date to, $9 limit, $10 digits LIKE pattern.

const STATUS_SQL = `case when i.written_off then 'written_off'
    when i.amount_due <= 0 then 'paid'
    when i.due_date < $4::date then 'overdue'
    else 'to_pay' end`;

/**
 * What a number search compares: the number holds the text (ILIKE, wildcards literal), and when the text
 * has three digits or more, the number's digits hold the text's digits. The second follows from the
 * first (dropping the other characters from both keeps a part a part) and is what the index finds.
 */
export function invoiceNumberSearch(text: string): { pattern: string; digits: string | null } {
  const digits = text.replace(/\D/g, '');
  return {
    pattern: `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
    digits: digits.length >= 3 ? `%${digits}%` : null,
  };
}

export const INVOICE_LIST_SQL = `select i.id, i.number, i.customer_id, i.invoice_date::text as invoice_date,
  i.due_date::text as due_date, i.payment_date::text as payment_date, i.currency, i.description,
  i.net_amount, i.vat_amount, i.amount, i.amount_due, i.written_off
from invoices i
where i.customer_id = $1::int
  and (i.invoice_date, i.id) < ($2::date, $3::bigint)
  and ($5::text[] is null or (${STATUS_SQL}) = any($5::text[]))
  and ($6::text is null or i.number ilike $6::text)
  and ($10::text is null or i.number_digits like $10::text)
  and ($7::date is null or i.invoice_date >= $7::date)
  and ($8::date is null or i.invoice_date <= $8::date)
order by i.invoice_date desc nulls last, i.id desc nulls last
limit $9::int`;

export interface InvoiceRow {
  id: number | string;
  number: string;
  customer_id: number;
  invoice_date: string;
  due_date: string;
  payment_date: string | null;
  currency: string;
  description: string;
  net_amount: string;
  vat_amount: string;
  amount: string;
  amount_due: string;
  written_off: boolean;
}

export interface InvoiceListParams {
  customerId: number;
  today: string;
  after?: { date: string; id: number };
  statuses?: readonly InvoiceStatus[];
  /** invoiceNumberSearch of the text. */
  number?: { pattern: string; digits: string | null };
  from?: string;
  to?: string;
  limit: number;
}

/** Past every real row: the first page's cursor. */
const FIRST_PAGE = { date: 'infinity', id: '9223372036854775807' };

const detailColumns = {
  id: invoices.id,
  number: invoices.number,
  customer_id: invoices.customerId,
  invoice_date: invoices.invoiceDate,
  due_date: invoices.dueDate,
  payment_date: invoices.paymentDate,
  currency: invoices.currency,
  description: invoices.description,
  net_amount: invoices.netAmount,
  vat_amount: invoices.vatAmount,
  amount: invoices.amount,
  amount_due: invoices.amountDue,
  written_off: invoices.writtenOff,
  payment_reference: invoices.paymentReference,
  contract_id: invoices.contractId,
  source_hash: invoices.sourceHash,
  updated_at: sql<string>`to_char(${invoices.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** What is to pay and overdue (the dashboard asks on every load). $1 today, $2 customer id. */
const OPEN_TOTALS_SQL = `select case when due_date < $1::date then 'overdue' else 'to_pay' end as status,
    count(*)::int as count, coalesce(sum(amount_due), 0)::text as sum
  from invoices
  where customer_id = $2::int and amount_due > 0 and not written_off
  group by 1`;

export function createInvoicesRepo(db: Database) {
  const client = db.$client;

  async function lines(invoiceId: number) {
    return db
      .select({
        position: invoiceLines.position,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        unit: invoiceLines.unit,
        unit_price: invoiceLines.unitPrice,
        vat_rate: invoiceLines.vatRate,
        amount: invoiceLines.amount,
        period_start: invoiceLines.periodStart,
        period_end: invoiceLines.periodEnd,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position));
  }

  return {
    /** One page of a customer's invoices (limit + 1 rows, so the caller knows whether more follow). */
    async list(params: InvoiceListParams): Promise<InvoiceRow[]> {
      const after = params.after ? { date: params.after.date, id: String(params.after.id) } : FIRST_PAGE;
      const result = await client.query<InvoiceRow>({
        name: 'invoice_list',
        text: INVOICE_LIST_SQL,
        values: [
          params.customerId,
          after.date,
          after.id,
          params.today,
          params.statuses?.length ? params.statuses : null,
          params.number?.pattern ?? null,
          params.from ?? null,
          params.to ?? null,
          params.limit,
          params.number?.digits ?? null,
        ],
      });
      return result.rows;
    },

    /** One invoice of the customer by its number, with its lines (another customer's is not found). */
    async get(customerId: number, number: string) {
      const [row] = await db
        .select(detailColumns)
        .from(invoices)
        .where(and(eq(invoices.customerId, customerId), eq(invoices.number, number)));
      if (!row) return undefined;
      return { ...row, lines: await lines(row.id) };
    },

    /** An invoice by number over all customers (staff upserts). */
    async byNumber(number: string) {
      const [row] = await db.select(detailColumns).from(invoices).where(eq(invoices.number, number));
      return row;
    },

    /** Invoices still to pay (to pay and overdue): count and sums, for the overview. */
    async openTotals(customerId: number, today: string) {
      const result = await client.query<{ status: 'to_pay' | 'overdue'; count: number; sum: string }>({
        name: 'invoice_open_totals',
        text: OPEN_TOTALS_SQL,
        values: [today, customerId],
      });
      return result.rows;
    },

    /**
     * Creates or replaces an invoice with its lines and, in the same transaction, whatever `record`
     * writes (the audit event); answers the id, or undefined when nothing changed (the same body, by
     * its hash: then `record` is not called). Row-locked, so two pushes of the same number never
     * interleave.
     */
    async upsert(
      number: string,
      body: InvoiceUpsert,
      totals: InvoiceTotals,
      hash: string,
      record: (tx: Transaction) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const values = {
          number,
          customerId: body.customer_id,
          invoiceDate: body.invoice_date,
          dueDate: body.due_date,
          paymentDate: body.payment_date,
          currency: body.currency,
          description: body.description,
          paymentReference: body.payment_reference,
          contractId: body.contract_id,
          netAmount: totals.net_amount,
          vatAmount: totals.vat_amount,
          amount: totals.amount,
          amountDue: body.amount_due,
          writtenOff: body.written_off,
          sourceHash: hash,
        };
        const [row] = await tx
          .insert(invoices)
          .values(values)
          .onConflictDoUpdate({
            target: invoices.number,
            set: { ...values, updatedAt: sql`now()` },
            setWhere: sql`${invoices.sourceHash} <> ${hash}`,
          })
          .returning({ id: invoices.id });
        if (!row) return undefined;
        await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, row.id));
        await tx.insert(invoiceLines).values(
          body.lines.map((line, index) => ({
            invoiceId: row.id,
            position: index + 1,
            description: line.description,
            quantity: line.quantity,
            unit: line.unit,
            unitPrice: line.unit_price,
            vatRate: line.vat_rate,
            amount: totals.lines[index] ?? '0.00',
            periodStart: line.period_start ?? null,
            periodEnd: line.period_end ?? null,
          })),
        );
        await record(tx);
        return row.id;
      });
    },
  };
}

export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
