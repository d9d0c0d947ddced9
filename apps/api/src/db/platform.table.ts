import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets every API process must share (the cursor signing key when CURSOR_SECRET is not set): the
 * first process to start creates them, the others read the same row.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by all API processes: one row per caller (a user, or an address for
 * anonymous calls) with a fixed window. UNLOGGED (set in the migration): counters are worth no WAL,
 * and a crash that empties the table only resets budgets.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
