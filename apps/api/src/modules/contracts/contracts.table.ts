import type { BillingPeriod, ContractStatus, PaymentMethod } from '@portaal/contracts';
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
import { customers } from '../customers/customers.table.ts';

/**
 * Contracts as the accounting system pushes them (DESIGN.md §8): period, recurring or one-off,
 * status, renewal date, billing and term; the rules in contract_rules. The id is the accounting's.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    recurring: boolean('recurring').notNull(),
    status: text('status').$type<ContractStatus>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    renewalDate: date('renewal_date', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    monthlyCosts: numeric('monthly_costs', { precision: 14, scale: 2 }).notNull(),
    oneOffCosts: numeric('one_off_costs', { precision: 14, scale: 2 }).notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentPeriod: text('payment_period').$type<BillingPeriod>().notNull(),
    iban: text('iban'),
    bic: text('bic'),
    accountHolder: text('account_holder'),
    poNumber: text('po_number'),
    termStartDate: date('term_start_date', { mode: 'string' }).notNull(),
    termExtensionMonths: integer('term_extension_months').notNull(),
    termPaymentDays: integer('term_payment_days').notNull(),
    /** The end request a customer filed (a ticket), once. */
    endRequestedAt: timestamp('end_requested_at', { withTimezone: true, mode: 'string' }),
    endRequestTicketId: bigint('end_request_ticket_id', { mode: 'number' }),
    /** The renewal date the users were told about (once per renewal date). */
    renewalNotifiedFor: date('renewal_notified_for', { mode: 'string' }),
    /** SHA-256 of the last pushed body in canonical form: the same push twice changes nothing. */
    sourceHash: text('source_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    index('contracts_customer_start_idx').on(table.customerId, table.startDate.desc(), table.id),
    index('contracts_renewal_idx').on(table.renewalDate),
  ],
);

export const contractRules = pgTable(
  'contract_rules',
  {
    contractId: text('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: smallint('position').notNull(),
    product: text('product').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    recurring: boolean('recurring').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.position] })],
);
