import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** oidc-provider's persisted models (sessions, grants, codes, refresh tokens, interactions). */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('idp_payloads_grant_idx').on(table.grantId),
    index('idp_payloads_uid_idx').on(table.uid),
    index('idp_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** Signing keys, generated on first start; private JWKs never leave the database. */
export const idpKeys = pgTable('idp_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins and password changes per account and client address: each failure beyond a few
 * makes the next attempt from that address wait longer. Never a lock: another address is not slowed.
 */
export const idpSignInThrottle = pgTable(
  'idp_sign_in_throttle',
  {
    /** The lower-cased username as typed, known account or not (so timing and answers tell nothing). */
    username: text('username').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.username, table.address] }),
    index('idp_sign_in_throttle_last_failure_idx').on(table.lastFailureAt),
  ],
);
