import type { AvailabilityState, NotificationKind, TicketStatus } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';
import { users } from '../users/users.table.ts';

export interface NotificationParams {
  ticket_subject?: string;
  actor_name?: string;
  status?: TicketStatus;
  application_name?: string;
  state?: AvailabilityState;
  invoice_number?: string;
  due_date?: string;
  contract_id?: string;
  contract_description?: string;
  renewal_date?: string;
}

/** In-app notifications; one per event and recipient (event_key), so a repeated event adds nothing. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    eventKey: text('event_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    uniqueIndex('notifications_event_user_idx').on(table.eventKey, table.userId),
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/**
 * Every mail the portal sends, one row per event and recipient (idempotency_key). With SMTP_URL the
 * mail job sends it and marks it sent; without, it stays here as 'stored' (the embedded outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    language: text('language', { enum: ['en', 'nl'] }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [index('mail_outbox_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`)],
);
