import type { CheckReasonCode, MaintenanceKind } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table.ts';

export type AvailabilityState = 'up' | 'down' | 'maintenance';
type ReasonParams = Record<string, string | number>;
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** An application the built-in prober checks (DESIGN.md §8 Availability). */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    intervalSeconds: integer('interval_seconds').notNull().default(60),
    expectedStatus: smallint('expected_status').notNull().default(200),
    timeoutMs: integer('timeout_ms').notNull().default(10_000),
    /** Uptime target in percent (SLA), e.g. 99.90. */
    uptimeTarget: numeric('uptime_target', { precision: 5, scale: 2 }).notNull().default('99.90'),
    /** The last recorded state; null before the first check. */
    state: text('state').$type<AvailabilityState>(),
    stateSince: instant('state_since'),
    lastCheckedAt: instant('last_checked_at'),
    /** Set while a prober checks the application: no second check starts until it is cleared or stale. */
    checkingSince: instant('checking_since'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('applications_customer_idx').on(table.customerId, table.name, table.id)],
);

/** One check result. The prober writes one a minute per application; the seed 90 days at 5 minutes. */
export const applicationChecks = pgTable(
  'application_checks',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    state: text('state').$type<AvailabilityState>().notNull(),
    latencyMs: integer('latency_ms'),
    httpStatus: smallint('http_status'),
    /** Why a check was down, as a code with its particulars (CheckReason), rendered in the reader's language. */
    reasonCode: text('reason_code').$type<CheckReasonCode>(),
    reasonParams: jsonb('reason_params').$type<ReasonParams>(),
  },
  (table) => [index('application_checks_app_at_idx').on(table.applicationId, table.at)],
);

/**
 * The checks of one application in one UTC hour, counted by triggers on application_checks (migration
 * 0023, decision 0031): the dashboard and the applications screen read the current and the last month
 * from about 1,400 of these instead of up to 90,000 checks per application.
 */
export const applicationCheckHours = pgTable(
  'application_check_hours',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    hour: instant('hour').notNull(),
    up: integer('up').notNull(),
    down: integer('down').notNull(),
    /** Sum and number of the latencies measured (a check without one is not counted). */
    latencySum: doublePrecision('latency_sum').notNull(),
    latencyCount: integer('latency_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.hour] })],
);

/** A state change (up → down, down → up, into and out of maintenance), recorded once; outages come from these. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    fromState: text('from_state').$type<AvailabilityState>(),
    toState: text('to_state').$type<AvailabilityState>().notNull(),
    reasonCode: text('reason_code').$type<CheckReasonCode>(),
    reasonParams: jsonb('reason_params').$type<ReasonParams>(),
  },
  (table) => [index('application_events_app_at_idx').on(table.applicationId, table.at)],
);

/** Planned maintenance; checks inside a window count as in maintenance, not down. */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** A standard kind (monthly, planned) shown in the reader's language; null for a free text only. */
    kind: text('kind').$type<MaintenanceKind>(),
    /** Free text as staff wrote it, shown as written; null when the kind says it all. */
    description: text('description'),
  },
  (table) => [
    index('maintenance_windows_app_idx').on(table.applicationId, table.startsAt),
    check('maintenance_windows_order', sql`${table.endsAt} > ${table.startsAt}`),
    check('maintenance_windows_text', sql`${table.kind} is not null or ${table.description} is not null`),
  ],
);
