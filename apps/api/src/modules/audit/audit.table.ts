import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

/**
 * The audit log of DESIGN.md §8: one row per change a user makes (and per kubeconfig download):
 * actor, customer, action, object, a short summary, time and the request id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The user's id (token subject). */
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    customerId: integer('customer_id').references(() => customers.customerId, { onDelete: 'cascade' }),
    /** What happened, dotted: `kubeconfig.download`. */
    action: text('action').notNull(),
    /** The object acted on, e.g. a landscape id `kubernetes-clusters/7`. */
    object: text('object').notNull(),
    summary: text('summary').notNull().default(''),
    requestId: text('request_id').notNull(),
  },
  (table) => [index('audit_events_customer_at_idx').on(table.customerId, table.at.desc(), table.id.desc())],
);
