import type { TicketCategory, TicketDepartment, TicketStatus } from '@portaal/contracts';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';
import { users } from '../users/users.table.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The ticket id is the ticket number users see and search for; it starts at 10001. */
export const tickets = pgTable(
  'tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    department: text('department').$type<TicketDepartment>().notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    priority: smallint('priority').$type<1 | 2 | 3>().notNull().default(2),
    status: text('status').$type<TicketStatus>().notNull().default('new'),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    messageCount: integer('message_count').notNull().default(0),
    attachmentCount: integer('attachment_count').notNull().default(0),
    /** The landscape object the ticket is about (`devices/12`, `prefixes/10.20.0.0/24`), if any. */
    landscapeObjectId: text('landscape_object_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    // Keyset paging by last update, newest first, within one customer …
    index('tickets_customer_updated_idx').on(table.customerId, table.updatedAt.desc(), table.id.desc()),
    // … and within one author's own tickets (callers without ticket-read-all).
    // … and the tickets about one landscape object (its page lists the open ones).
    index('tickets_landscape_object_idx').on(table.customerId, table.landscapeObjectId),
    index('tickets_author_updated_idx').on(
      table.customerId,
      table.authorId,
      table.updatedAt.desc(),
      table.id.desc(),
    ),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    statusChange: text('status_change').$type<TicketStatus>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.id)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('ticket_attachments_ticket_idx').on(table.ticketId, table.messageId)],
);

/** Users who follow a ticket besides its author; they see it without ticket-read-all and are notified. */
export const ticketWatchers = pgTable(
  'ticket_watchers',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.userId] }),
    index('ticket_watchers_user_idx').on(table.userId, table.ticketId),
  ],
);
