import type { MetricName } from '@portaal/contracts';
import { index, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

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
