import type { TicketCategory, TicketDepartment, TicketStatus } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
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
import { SEARCH_GIN_OPTIONS } from '../../db/search-index.ts';
import { customers } from '../customers/customers.table.ts';
import { users } from '../users/users.table.ts';

/** Texts the service desk inserts into a reply, per language; staff manage them. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    language: text('language').$type<'en' | 'nl'>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('saved_replies_language_title_idx').on(table.language, table.title, table.id)],
);

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
    /** The staff member handling the ticket (shown to the customer as "handled by"); null when unassigned. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who wrote the last visible message with text: the service desk (true) or the customer (false). */
    lastReplyStaff: boolean('last_reply_staff').notNull().default(false),
    /**
     * When the service desk's answer is due: set from the response target of the ticket's priority when
     * the customer writes and nothing was awaiting the desk; 'infinity' once the desk answered or the
     * ticket is closed. Stored (not computed) so that the staff queue pages by it through an index.
     */
    deskDueAt: timestamp('desk_due_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'infinity'`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    // Keyset paging by last update, newest first, within one customer …
    index('tickets_customer_updated_idx').on(table.customerId, table.updatedAt.desc(), table.id.desc()),
    // … and within one author's own tickets (callers without ticket-read-all).
    // … and the tickets about one landscape object (its page lists the open ones).
    index('tickets_landscape_object_idx').on(table.customerId, table.landscapeObjectId),
    // The staff queue over all customers: open tickets by urgency (due time, then number).
    index('tickets_desk_queue_idx').on(table.deskDueAt, table.id).where(sql`${table.status} <> 'closed'`),
    // … and its view "new": the few new tickets among the open ones, without walking past the others
    // (3,700 index entries for the first page of the bench's queue, 2 ms).
    index('tickets_desk_new_idx').on(table.deskDueAt, table.id).where(sql`${table.status} = 'new'`),
    // The customer's open tickets with what the dashboard counts and picks (status, category, the
    // desk's last reply, author): its tickets and SLA panels read this index alone.
    index('tickets_open_customer_idx')
      .on(
        table.customerId,
        table.updatedAt.desc(),
        table.id.desc(),
        table.status,
        table.category,
        table.lastReplyStaff,
        table.authorId,
      )
      .where(sql`${table.status} <> 'closed'`),
    index('tickets_assignee_queue_idx')
      .on(table.assigneeId, table.deskDueAt, table.id)
      .where(sql`${table.status} <> 'closed'`),
    index('tickets_author_updated_idx').on(
      table.customerId,
      table.authorId,
      table.updatedAt.desc(),
      table.id.desc(),
    ),
    // The global search's subject match within one customer (btree_gin with pg_trgm). A short pending
    // list (SEARCH_GIN_OPTIONS): every search reads all of it.
    index('tickets_search_trgm_idx')
      .using('gin', table.customerId, sql`(${table.subject}) gin_trgm_ops`)
      .with(SEARCH_GIN_OPTIONS),
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
    /**
     * Set on an assignment event (always internal): the new assignee, or null with `assignment` true
     * when the ticket was unassigned.
     */
    assignment: boolean('assignment').notNull().default(false),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
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
