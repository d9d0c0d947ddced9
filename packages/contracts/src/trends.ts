import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { customerFeaturesSchema } from './customers.ts';
import { serverSchema } from './landscape.ts';
import {
  COARSE_ROLLUP_SECONDS,
  graphTypes,
  MIN_BUCKET_SECONDS,
  metricNames,
  ROLLUP_FROM_BUCKET_SECONDS,
  ROLLUP_SECONDS,
  SERVER_ID_PATTERN,
  TRENDS_DEFAULT_WIDTH,
  TRENDS_MAX_RANGE_DAYS,
  TRENDS_MAX_SERVERS,
  TRENDS_MAX_WIDTH,
} from './trend-rules.ts';

export * from './server-rules.ts';
export * from './trend-rules.ts';

export const graphTypeSchema = z.enum(graphTypes, {
  error: `must be one of ${graphTypes.join(', ')}`,
});
export const serverIdSchema = z
  .string()
  .regex(SERVER_ID_PATTERN, 'must be a server id such as devices/123 or virtual-machines/456');

const instant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z' })
  .transform((value) => new Date(value));

/** ?server_ids=devices/1,virtual-machines/2 */
const serverIdList = z
  .string()
  .max(4000, 'is too long')
  .transform((value) => value.split(',').filter((part) => part !== ''));

export const trendsQuerySchema = z
  .object({
    server_ids: serverIdList.pipe(
      z
        .array(serverIdSchema)
        .min(1, 'must name at least one server')
        .max(TRENDS_MAX_SERVERS, `must name at most ${TRENDS_MAX_SERVERS} servers`),
    ),
    graph: graphTypeSchema,
    from: instant,
    to: instant,
    width: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(10, `must be between 10 and ${TRENDS_MAX_WIDTH}`)
      .max(TRENDS_MAX_WIDTH, `must be between 10 and ${TRENDS_MAX_WIDTH}`)
      .default(TRENDS_DEFAULT_WIDTH),
  })
  .superRefine((query, ctx) => {
    if (Array.isArray(query.server_ids) && new Set(query.server_ids).size !== query.server_ids.length) {
      ctx.addIssue({ code: 'custom', path: ['server_ids'], message: 'must not name a server twice' });
    }
    // Zod runs this check even when a field failed: only a valid pair of instants is compared.
    if (!(query.from instanceof Date) || !(query.to instanceof Date)) return;
    const range = query.to.getTime() - query.from.getTime();
    if (range <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (range > TRENDS_MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${TRENDS_MAX_RANGE_DAYS} days after from`,
      });
    }
  });
export type TrendsQuery = z.output<typeof trendsQuerySchema>;

/** The buckets of one trends call: the first one's start (whole seconds) and their width. */
export interface BucketGrid {
  start: Date;
  stepSeconds: number;
}

/**
 * Bucket width in whole seconds: range / width, never under a minute (DESIGN.md §8), the first bucket
 * starting at `from` (whole seconds). When that is at least ROLLUP_FROM_BUCKET_SECONDS, the buckets are
 * range / width rounded up to whole 5 minutes, counted from the 5-minute boundary at or before `from`,
 * or from the 15-minute one when that rounding gives whole 15 minutes (decision 0018): never more than
 * `width` buckets, the first one holding `from`, each answered by whole rollups.
 */
export function bucketGrid(from: Date, to: Date, width: number): BucketGrid {
  const start = Math.floor(from.getTime() / 1000);
  const end = to.getTime() / 1000;
  const seconds = Math.max(MIN_BUCKET_SECONDS, Math.ceil((end - start) / width));
  if (seconds < ROLLUP_FROM_BUCKET_SECONDS) return { start: new Date(start * 1000), stepSeconds: seconds };
  const grid = (size: number) => {
    const aligned = Math.floor(start / size) * size;
    const step = Math.ceil((end - aligned) / width / ROLLUP_SECONDS) * ROLLUP_SECONDS;
    return { start: new Date(aligned * 1000), stepSeconds: step };
  };
  const coarse = grid(COARSE_ROLLUP_SECONDS);
  return coarse.stepSeconds % COARSE_ROLLUP_SECONDS === 0 ? coarse : grid(ROLLUP_SECONDS);
}

const points = z.array(z.number().nullable());

export const trendSeriesSchema = z
  .object({
    server_id: z.string(),
    metric: z.enum(metricNames),
    /** Mean per bucket; null where the bucket holds no sample. */
    values: points,
    min: points,
    max: points,
  })
  .meta({ id: 'TrendSeries' });
export type TrendSeries = z.infer<typeof trendSeriesSchema>;

export const trendsSchema = z
  .object({
    graph: graphTypeSchema,
    unit: z.enum(['%', 'MiB/s', 'Mbps', '']),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
    step_seconds: z.number().int(),
    /** Bucket starts in Unix seconds, as uPlot reads them; every series has one value per timestamp. */
    timestamps: z.array(z.number().int()),
    series: z.array(trendSeriesSchema),
  })
  .meta({ id: 'Trends' });
export type Trends = z.infer<typeof trendsSchema>;

export const serverLoadSchema = z
  .object({
    at: isoDateTimeSchema,
    cpu: z.number().nullable().describe('%'),
    memory: z.number().nullable().describe('%'),
    load: z.number().nullable(),
    /** Mean CPU of the last 15 minutes (%): high for that long is sustained load, not a spike. */
    cpu_15m: z.number().nullable().describe('%'),
  })
  .meta({ id: 'ServerLoad' });
export type ServerLoad = z.infer<typeof serverLoadSchema>;

/** A server of the landscape with its current load (GET servers). */
export const serverOverviewSchema = serverSchema
  .extend({
    /** The latest samples of the last 15 minutes; null when there are none. */
    current: serverLoadSchema.nullable(),
  })
  .meta({ id: 'ServerOverview' });
export type ServerOverview = z.infer<typeof serverOverviewSchema>;

export const observeLimitsSchema = customerFeaturesSchema.shape.observe.meta({ id: 'ObserveLimits' });
export type ObserveLimits = z.infer<typeof observeLimitsSchema>;

export const serversSchema = z
  .object({
    servers: z.array(serverOverviewSchema),
    /** The customer's Observe flavour and limits; null when the customer has no Observe (show the promo). */
    observe: observeLimitsSchema.nullable(),
  })
  .meta({ id: 'Servers' });
export type Servers = z.infer<typeof serversSchema>;

/** Observe is active when the customer's features name a flavour. */
export const hasObserve = (observe: ObserveLimits): boolean => observe.flavor !== null;
