import {
  type Currency,
  dayNumber,
  fixedDecimal,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceSummary,
  type InvoiceUpsert,
  invoiceStatus,
  invoiceTotals,
  isoToday,
  normaliseRate,
  PROVIDER_COMPANY_ID,
  parseInvoiceSearch,
  sumMoney,
} from '@portaal/contracts';
import { z } from 'zod';
import { type Actor, changeSummary, contentHash } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Cursors, cursorValue } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderInvoiceUbl } from './invoice-ubl.ts';
import { type InvoiceRow, type InvoicesRepo, invoiceNumberSearch } from './invoices.repo.ts';

export interface InvoicesDeps {
  repo: InvoicesRepo;
  audit: AuditLog;
  cursors: Cursors;
  /** Whether a customer exists (an upsert for an unknown customer is refused on its field). */
  customerExists(customerId: number): Promise<boolean>;
  /** The provider's and the customer's data for the PDF (the provider is customer 1). */
  customers: Pick<CustomersService, 'get' | 'bankAccounts'>;
  brandName: string;
  /** The clock: statuses and overdue days are computed against today's date in UTC. */
  now?: () => Date;
}

const LIST = 'invoices';
const invoiceCursor = z.tuple([
  z.string().refine((value) => dayNumber(value) !== undefined),
  cursorValue.bigId,
]);

export const invoiceNotFound = (number: string) =>
  notFound('INVOICE_NOT_FOUND', `Invoice ${number} does not exist or you cannot see it.`);

export function toInvoiceSummary(row: InvoiceRow, today: string): InvoiceSummary {
  return {
    number: row.number,
    customer_id: row.customer_id,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    payment_date: row.payment_date,
    currency: row.currency as Currency,
    net_amount: row.net_amount,
    vat_amount: row.vat_amount,
    amount: row.amount,
    amount_due: row.amount_due,
    ...invoiceStatus(row, today),
    description: row.description,
  };
}

/** One spelling per value, so that "7.5" and "7.50" are the same push. */
function normalise(body: InvoiceUpsert): InvoiceUpsert {
  return {
    ...body,
    amount_due: fixedDecimal(body.amount_due, 2),
    lines: body.lines.map((line) => ({
      ...line,
      quantity: fixedDecimal(line.quantity, 3),
      unit_price: fixedDecimal(line.unit_price, 4),
      vat_rate: normaliseRate(line.vat_rate),
      period_start: line.period_start ?? null,
      period_end: line.period_end ?? null,
    })),
  };
}

/** The fields an audit summary compares. */
const auditFields = (
  invoice: Omit<InvoiceUpsert, 'lines' | 'currency'> & { amount: string; lines: number },
) => ({
  customer_id: invoice.customer_id,
  invoice_date: invoice.invoice_date,
  due_date: invoice.due_date,
  payment_date: invoice.payment_date,
  amount: invoice.amount,
  amount_due: invoice.amount_due,
  written_off: invoice.written_off,
  description: invoice.description,
  payment_reference: invoice.payment_reference,
  contract_id: invoice.contract_id,
  lines: invoice.lines,
});

/**
 * Invoices of DESIGN.md §8: the customer's list and detail (rights by the routes' declared access,
 * everything scoped to the customer in the path), and the accounting system's idempotent upserts.
 */
export function createInvoicesService({
  repo,
  audit,
  cursors,
  customerExists,
  customers,
  brandName,
  now = () => new Date(),
}: InvoicesDeps) {
  const today = () => isoToday(now());

  async function detail(customerId: number, number: string): Promise<Invoice> {
    const row = await repo.get(customerId, number);
    if (!row) throw invoiceNotFound(number);
    const day = today();
    return {
      ...toInvoiceSummary(row, day),
      payment_reference: row.payment_reference,
      contract_id: row.contract_id,
      lines: row.lines,
      vat_breakdown: invoiceTotals(row.lines).vat_breakdown,
      updated_at: row.updated_at,
    };
  }

  /** The provider (seller, with its main bank account) and the customer (buyer). */
  async function partiesOf(customerId: number) {
    const [buyer, seller, accounts] = await Promise.all([
      customers.get(customerId),
      customers.get(PROVIDER_COMPANY_ID),
      customers.bankAccounts(PROVIDER_COMPANY_ID),
    ]);
    const sellerAccount = accounts.find((account) => account.main) ?? accounts[0];
    return { seller, sellerAccount, buyer };
  }

  return {
    async list(customerId: number, query: InvoiceListQuery) {
      const day = today();
      const search = parseInvoiceSearch(query.q);
      // A date search narrows the from/to range; both apply.
      const from = [query.from, search.kind === 'date' ? search.from : undefined]
        .filter(Boolean)
        .sort()
        .at(-1);
      const to = [query.to, search.kind === 'date' ? search.to : undefined].filter(Boolean).sort().at(0);
      const after = query.cursor ? cursors.decode(LIST, query.cursor, invoiceCursor) : undefined;
      const rows = await repo.list({
        customerId,
        today: day,
        after: after ? { date: after[0], id: after[1] } : undefined,
        statuses: query.status,
        number: search.kind === 'number' ? invoiceNumberSearch(search.text) : undefined,
        from,
        to,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toInvoiceSummary(row, day)),
        nextCursor:
          rows.length > query.limit && last
            ? cursors.encode(LIST, [last.invoice_date, Number(last.id)])
            : undefined,
      };
    },

    detail,

    /** The invoice as PDF in the customer's language, with the provider as seller. */
    async pdf(customerId: number, number: string) {
      const invoice = await detail(customerId, number);
      const parties = await partiesOf(customerId);
      return {
        fileName: `${number}.pdf`,
        bytes: await renderInvoicePdf(invoice, parties, brandName),
      };
    },

    /** The invoice as a Peppol BIS Billing 3.0 e-invoice (UBL 2.1), with the provider as seller. */
    async ubl(customerId: number, number: string) {
      const invoice = await detail(customerId, number);
      const parties = await partiesOf(customerId);
      return { fileName: `${number}.xml`, xml: await renderInvoiceUbl(invoice, parties) };
    },

    /** To pay and overdue: how many and their sum, for the administration overview. */
    async openTotals(customerId: number) {
      const rows = await repo.openTotals(customerId, today());
      const of = (status: 'to_pay' | 'overdue') => {
        const row = rows.find((entry) => entry.status === status);
        return { count: row?.count ?? 0, amount: sumMoney([row?.sum ?? '0']) };
      };
      return { currency: 'EUR' as const, to_pay: of('to_pay'), overdue: of('overdue') };
    },

    /**
     * PUT /api/admin/v2/invoices/{number}: the accounting system's push. The same body twice changes
     * nothing (compared by the hash of its canonical form); a changed body replaces the invoice and its
     * lines and is audited with what changed.
     */
    async upsert(number: string, input: InvoiceUpsert, actor: Actor) {
      if (!(await customerExists(input.customer_id))) {
        throw new AppError('VALIDATION_FAILED', 400, 'The body names a customer that does not exist.', [
          { field: 'customer_id', message: 'is not a known customer' },
        ]);
      }
      const body = normalise(input);
      const hash = contentHash(body);
      const found = await repo.byNumber(number);
      if (found?.source_hash === hash) {
        return { invoice: await detail(found.customer_id, number), created: false, changed: false };
      }
      const before = found && (await repo.get(found.customer_id, number));
      const totals = invoiceTotals(body.lines);
      const id = await repo.upsert(number, body, totals, hash, (tx) =>
        audit.record(
          {
            actorId: actor.id,
            actorName: actor.name,
            customerId: body.customer_id,
            action: before ? 'invoice.update' : 'invoice.create',
            object: `invoices/${number}`,
            summary: changeSummary(
              before && auditFields({ ...before, lines: before.lines.length }),
              auditFields({ ...body, amount: totals.amount, lines: body.lines.length }),
            ),
            requestId: actor.requestId,
          },
          tx,
        ),
      );
      return { invoice: await detail(body.customer_id, number), created: !found, changed: id !== undefined };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
