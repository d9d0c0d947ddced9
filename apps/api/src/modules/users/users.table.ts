import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

/**
 * A person known to the portal; id is the IdP subject. Passwords exist only for the dev IdP, for which
 * this table is the user store (`enabled`: the login page lets them in). `idp_stale`: the IdP does not
 * yet hold what the portal says of this login (DESIGN.md §8's sync label stale); the identity job
 * pushes it again until it does. `signed_in_at`: the first time the web app loaded the user's profile
 * after a sign-in (GET /api/v2/me), the same for the dev IdP and Keycloak; null for an invited login
 * that has not signed in yet. `action_stamp`: changed with every set-password link the dev IdP makes,
 * so that an earlier link stops working.
 */
export const users = pgTable(
  'users',
  {
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
    phone: text('phone'),
    mobile: text('mobile'),
    enabled: boolean('enabled').notNull().default(true),
    idpStale: boolean('idp_stale').notNull().default(false),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    actionStamp: text('action_stamp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_idp_stale_idx').on(table.id).where(sql`${table.idpStale}`)],
);

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
