import { z } from 'zod';
import {
  availabilityRanges,
  availabilityStates,
  CHECKS_DEFAULT_WIDTH,
  CHECKS_MAX_WIDTH,
} from './availability-rules.ts';
import { checkReasonCodes, maintenanceKinds } from './availability-texts.ts';
import { customerIdSchema, isoDateTimeSchema } from './common.ts';

export * from './availability-rules.ts';
export * from './availability-texts.ts';

export const availabilityStateSchema = z.enum(availabilityStates);
export const availabilityRangeSchema = z.enum(availabilityRanges, {
  error: `must be one of ${availabilityRanges.join(', ')}`,
});

export const applicationParamsSchema = z.object({
  customer_id: customerIdSchema,
  application_id: z.coerce
    .number({ error: 'must be an application id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});

const uptimeSchema = z
  .number()
  .nullable()
  .describe('Uptime in percent (maintenance excluded); null without checks');

export const applicationSchema = z
  .object({
    application_id: z.number().int(),
    name: z.string(),
    url: z.string(),
    interval_seconds: z.number().int(),
    /** SLA target in percent. */
    uptime_target: z.number(),
    /** The current state; null before the first check. */
    state: availabilityStateSchema.nullable(),
    state_since: isoDateTimeSchema.nullable(),
    last_checked_at: isoDateTimeSchema.nullable(),
    uptime: z.object({ last24h: uptimeSchema, currentMonth: uptimeSchema, lastPeriod: uptimeSchema }),
    /** Mean latency of the last 24 hours in ms; null without answers. */
    latency_ms: z.number().nullable(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

export const checksQuerySchema = z.object({
  range: availabilityRangeSchema.default('last24h'),
  width: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(10, `must be between 10 and ${CHECKS_MAX_WIDTH}`)
    .max(CHECKS_MAX_WIDTH, `must be between 10 and ${CHECKS_MAX_WIDTH}`)
    .default(CHECKS_DEFAULT_WIDTH),
});
export type ChecksQuery = z.output<typeof checksQuerySchema>;

export const checkReasonSchema = z
  .object({
    code: z.enum(checkReasonCodes),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .describe('unexpected_status: status, expected; timeout: timeout_ms; network: detail'),
  })
  .describe('Why a check was down, as a code and its particulars (worded by the client in its language)')
  .meta({ id: 'CheckReason' });

export const outageSchema = z
  .object({
    started_at: isoDateTimeSchema,
    /** null while the application is still down. */
    ended_at: isoDateTimeSchema.nullable(),
    /** Why the check that started it found the application down; the client words it in its language. */
    reason: checkReasonSchema.nullable(),
  })
  .meta({ id: 'Outage' });
export type Outage = z.infer<typeof outageSchema>;

export const maintenanceWindowSchema = z
  .object({
    starts_at: isoDateTimeSchema,
    ends_at: isoDateTimeSchema,
    kind: z
      .enum(maintenanceKinds)
      .nullable()
      .describe('A standard kind, worded by the client; null for free text'),
    description: z.string().nullable().describe('Free text as staff wrote it'),
  })
  .meta({ id: 'MaintenanceWindow' });
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const applicationChecksSchema = z
  .object({
    application_id: z.number().int(),
    range: availabilityRangeSchema,
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
    step_seconds: z.number().int(),
    uptime: uptimeSchema,
    /** Bucket starts in Unix seconds, as uPlot reads them. */
    timestamps: z.array(z.number().int()),
    /** Mean latency per bucket in ms; null where no check answered. */
    latency_ms: z.array(z.number().nullable()),
    /** Share of down checks per bucket (0–1); null where nothing counted. */
    down: z.array(z.number().nullable()),
    /** Outages that overlap the range, newest first. */
    outages: z.array(outageSchema),
    /** Maintenance windows that overlap the range or are planned, by start time (earliest first). */
    maintenance: z.array(maintenanceWindowSchema),
  })
  .meta({ id: 'ApplicationChecks' });
export type ApplicationChecks = z.infer<typeof applicationChecksSchema>;
