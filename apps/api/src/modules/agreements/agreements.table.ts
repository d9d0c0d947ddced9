import type { AgreementUnit } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * Usage agreements (post-calculation, decision 0024): one per customer, created by its first change
 * or PO number. Totals are exact decimals (numeric), never floats, and never below 0.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .unique('agreements_customer_key')
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    unit: text('unit').$type<AgreementUnit>().notNull().default('hours'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0.00'),
    poNumber: text('po_number'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('agreements_total_not_negative', sql`${table.total} >= 0`)],
);

/** The changelog: one row per change, newest first by (created_at, id). */
export const agreementChanges = pgTable(
  'agreement_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    newTotal: numeric('new_total', { precision: 14, scale: 2 }).notNull(),
    renewal: boolean('renewal').notNull().default(false),
    comment: text('comment').notNull(),
    byUserId: text('by_user_id').notNull(),
    byName: text('by_name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('agreement_changes_customer_created_idx').on(
      table.customerId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);
