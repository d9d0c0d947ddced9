import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Records which seeds have been applied, so the demo seed loads once. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
