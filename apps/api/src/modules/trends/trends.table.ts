import type { MetricName } from '@portaal/contracts';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row per server, metric and minute (DESIGN.md §8). Rows arrive in time order and, from the seed,
 * grouped by server and metric, so a BRIN index over (server_id, metric, at) finds a series' blocks
 * at a tiny fraction of a B-tree's size and insert cost; no primary key for the same reason (the
 * writers never write a minute twice).
 */
export const metricSamples = pgTable(
  'metric_samples',
  {
    serverId: text('server_id').notNull(),
    metric: text('metric').$type<MetricName>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    value: real('value').notNull(),
  },
  (table) => [index('metric_samples_brin').using('brin', table.serverId, table.metric, table.at)],
);

/**
 * The newest CPU, memory and load sample of every server (decision 0016): what the server overview and
 * the dashboard read instead of searching metric_samples once per server. Kept by statement triggers
 * on metric_samples (migration 0016), so every writer keeps it, whatever it is: the bench generator, a
 * collector, a test. For CPU, `recent` holds the samples of the 15 minutes up to the newest and
 * `mean_15m` their mean, the sustained load that marks a server as busy; its index finds the busy
 * servers without a list of servers. Other metrics keep empty arrays and no mean, so their updates
 * change no indexed column and stay on their page (fillfactor 50, set in the migration).
 */
export const metricLatest = pgTable(
  'metric_latest',
  {
    serverId: text('server_id').notNull(),
    metric: text('metric').$type<MetricName>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    value: real('value').notNull(),
    recentAt: timestamp('recent_at', { withTimezone: true, mode: 'string' }).array().notNull(),
    recent: real('recent').array().notNull(),
    mean15m: doublePrecision('mean_15m'),
  },
  (table) => [
    primaryKey({ columns: [table.serverId, table.metric] }),
    index('metric_latest_sustained_idx').on(table.metric, table.mean15m),
  ],
);

/**
 * Every series in buckets of 5 and of 15 minutes from the epoch (`seconds` 300 or 900, decision 0018):
 * min, max, sum and count of the samples in each, and the newest sample's time. Long trends ranges are
 * bucketed in whole 5 minutes (whole 15 when that costs nothing) and read these instead of the samples;
 * the mean is sum / count, so it equals the samples' own. Kept by statement triggers on metric_samples
 * (migration 0018) like metric_latest: inserts merge into their buckets, deletes and updates count
 * their buckets again from what is left. `newest` tells whether a bucket that a range's end cuts holds
 * samples past that end.
 */
export const metricRollups = pgTable(
  'metric_rollups',
  {
    serverId: text('server_id').notNull(),
    metric: text('metric').$type<MetricName>().notNull(),
    seconds: smallint('seconds').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'string' }).notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
    newest: timestamp('newest', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.serverId, table.metric, table.seconds, table.bucket] })],
);
