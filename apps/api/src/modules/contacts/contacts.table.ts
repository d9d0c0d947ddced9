import type { CustomerRole } from '@portaal/contracts';
import type { NotificationChoices, SyncStatus } from '@portaal/contracts/contacts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SEARCH_GIN_OPTIONS, searchCustomer } from '../../db/search-index.ts';
import { customers } from '../customers/customers.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A customer's contacts (DESIGN.md §8). A contact with a login (`user_id`) is a user; `sync` is the
 * state of that login in the identity provider. Phone numbers are stored in their international form.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    cellular: text('cellular'),
    roles: text('roles').array().$type<CustomerRole[]>().notNull(),
    language: text('language').$type<'en' | 'nl'>().notNull(),
    notifications: jsonb('notifications')
      .$type<NotificationChoices>()
      .notNull()
      .default(sql`'{"email":[],"chat":[]}'::jsonb`),
    externalNote: text('external_note').notNull().default(''),
    internalNote: text('internal_note').notNull().default(''),
    sync: text('sync').$type<SyncStatus>(),
    /** Place on the call list (1 first); null when not on it. */
    callPosition: integer('call_position'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    // The list's order, case-insensitive ("de Boer" under B): read in index order, never sorted.
    index('contacts_customer_name_idx').on(
      table.customerId,
      sql`lower(${table.lastName})`,
      sql`lower(${table.firstName})`,
      table.id,
    ),
    uniqueIndex('contacts_customer_email_idx').on(table.customerId, table.email),
    // Global search (pg_trgm): names and addresses by any part of at least three characters, within
    // one customer (btree_gin), for the search's one generic plan (searchCustomer; decision 0043).
    index('contacts_search_trgm_idx')
      .using(
        'gin',
        searchCustomer(table.customerId),
        sql`(${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email}) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_OPTIONS),
  ],
);

/** The technical e-mail list: addresses that get technical notices; not necessarily contacts. */
export const technicalEmails = pgTable(
  'technical_emails',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.email] })],
);
