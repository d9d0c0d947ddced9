import type { MailingQuery, MailingStatus } from '@portaal/contracts/mailings';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/contacts.table.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * Mass mailings by staff (decision 0026): the content in both languages, the recipient query, and
 * the progress of the send (counts kept on the row so the overview reads one table; waiting is
 * total − delivered − failed).
 */
export const mailings = pgTable(
  'mailings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    label: text('label').notNull(),
    sender: text('sender').notNull(),
    subjectEn: text('subject_en').notNull(),
    subjectNl: text('subject_nl').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyNl: text('body_nl').notNull(),
    query: jsonb('query').$type<MailingQuery>().notNull(),
    status: text('status').$type<MailingStatus>().notNull().default('draft'),
    total: integer('total').notNull().default(0),
    /** Recipients whose mail was delivered (the column keeps its first name, `sent`: no migration). */
    delivered: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdById: text('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
  },
  (table) => [index('mailings_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

/**
 * One row per recipient address of a mailing, written when sending starts (the recipients as they
 * were then). A row leaves `pending` in the same transaction that puts its mail in the outbox, and
 * the outbox's idempotency key is per mailing and address: a retried job mails nobody twice. Whether
 * the mail was then delivered is the outbox's to say (mailings.repo.ts `settle`).
 */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language').$type<'en' | 'nl'>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    mailId: bigint('mail_id', { mode: 'number' }),
    doneAt: instant('done_at'),
  },
  (table) => [
    uniqueIndex('mailing_deliveries_mailing_email_idx').on(table.mailingId, table.email),
    index('mailing_deliveries_pending_idx')
      .on(table.mailingId, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);
