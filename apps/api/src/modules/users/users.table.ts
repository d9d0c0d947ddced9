import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

/** A person known to the portal; id is the IdP subject. Passwords exist only for the dev IdP. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  language: text('language', { enum: ['en', 'nl'] })
    .notNull()
    .default('nl'),
  passwordHash: text('password_hash'),
  globalRoles: text('global_roles').array().notNull().default(sql`'{}'::text[]`),
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The source of truth for customer rights (DESIGN.md §2): one role per user and customer. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    role: text('role', {
      enum: ['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer'],
    }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.customerId] }),
    index('memberships_customer_idx').on(table.customerId),
  ],
);
