import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { SEARCH_GIN_OPTIONS, searchCustomer } from '../../db/search-index.ts';
import { customers } from '../customers/customers.table.ts';

/**
 * Invoices as the accounting system pushes them (DESIGN.md §8). Money is numeric, read and written as
 * decimal strings. The status is not stored: it follows from amount_due, written_off and the due date
 * against today (packages/contracts administration-rules).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    description: text('description').notNull().default(''),
    paymentReference: text('payment_reference').notNull(),
    /** The contract the invoice bills, as the accounting system names it (not a foreign key: order of pushes). */
    contractId: text('contract_id'),
    netAmount: numeric('net_amount', { precision: 14, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    amountDue: numeric('amount_due', { precision: 14, scale: 2 }).notNull(),
    writtenOff: boolean('written_off').notNull().default(false),
    /** The number's digits ('BINV-0007321' → '0007321'), kept by PostgreSQL for the number search. */
    numberDigits: text('number_digits')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(number, '\\D', '', 'g')`),
    /** SHA-256 of the last pushed body in canonical form: the same push twice changes nothing. */
    sourceHash: text('source_hash').notNull(),
    /** Set once the users were told the invoice is overdue (once per invoice). */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    // The list: newest invoice date first, keyset on (invoice_date, id), within one customer.
    index('invoices_customer_date_idx').on(table.customerId, table.invoiceDate.desc(), table.id.desc()),
    index('invoices_customer_number_idx').on(table.customerId, table.number),
    // A search by number (invoices.repo.ts invoiceNumberSearch) within one customer: the number's
    // digits tell invoices apart, and the number itself holds the rest of the text ('srv001': no
    // number holds 'srv', though thousands hold '001'). Decision 0017; the customer as the global
    // search's generic plan reaches it (searchCustomer).
    index('invoices_number_trgm_idx')
      .using(
        'gin',
        searchCustomer(table.customerId),
        sql`${table.numberDigits} gin_trgm_ops`,
        sql`${table.number} gin_trgm_ops`,
      )
      .with(SEARCH_GIN_OPTIONS),
    // The overdue sweep finds open, not yet notified invoices by due date.
    index('invoices_overdue_sweep_idx')
      .on(table.dueDate)
      .where(sql`${table.amountDue} > 0 and not ${table.writtenOff} and ${table.overdueNotifiedAt} is null`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
);
