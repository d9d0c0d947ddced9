import { z } from 'zod';
import { commaList, cursorSchema, limitSchema } from './common.ts';
import { text } from './text.ts';
import { USAGE_PERIOD_PATTERN, usageKinds, usageStatuses, usageUnits } from './usage-rules.ts';

export * from './display-rules.ts';
export * from './usage-rules.ts';

export const usagePeriodSchema = z
  .string()
  .regex(USAGE_PERIOD_PATTERN, 'must be a month as YYYY-MM, e.g. 2026-10')
  .describe('A calendar month, YYYY-MM');

export const usageQuerySchema = z.object({
  /** Defaults to the current month (UTC). */
  period: usagePeriodSchema.optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** A usage entry of SPEC.md §3 for one customer and period. */
export const usageEntrySchema = z
  .object({
    id: z.number().int(),
    type: z.enum(usageKinds),
    subtype: z.string().describe('What the bundle covers, e.g. support or backup'),
    unit: z.enum(usageUnits),
    usage_type: z.string().describe('The bundle kind the screen sorts by; manhour is labelled hour'),
    period_start_amount: z.number().describe('What the bundle held at the start of the period'),
    remaining_amount: z.number(),
    used_amount: z.number(),
    overusage_amount: z.number(),
    renews: z.boolean().describe('Whether the bundle is topped up again next period'),
  })
  .meta({ id: 'UsageEntry' });
export type UsageEntry = z.infer<typeof usageEntrySchema>;

export const usageGroupSchema = z
  .object({ type: z.enum(usageKinds), usages: z.array(usageEntrySchema) })
  .meta({ id: 'UsageGroup' });
export type UsageGroup = z.infer<typeof usageGroupSchema>;

export const usageSchema = z
  .object({
    period: usagePeriodSchema,
    /** The periods that hold usage for this customer, newest first (the period chooser). */
    periods: z.array(usagePeriodSchema),
    groups: z.array(usageGroupSchema),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

/**
 * GET /api/admin/v2/usage (staff, global usage-read): the bundles of every customer for one month,
 * those needing attention first.
 */
export const adminUsageQuerySchema = z.object({
  /** Defaults to the current month (UTC). */
  month: usagePeriodSchema.optional(),
  /** Part of a customer's name, or a customer id. */
  q: text().max(100, 'must be at most 100 characters').optional(),
  status: commaList
    .pipe(
      z
        .array(z.enum(usageStatuses, { error: `must be one of ${usageStatuses.join(', ')}` }))
        .max(10, 'has too many values'),
    )
    .optional()
    .describe(
      'Statuses of SPEC.md §4, comma-separated: error (over 90 % used), warning (over 40 %), success',
    ),
  /** Only bundles used beyond what they held (over-usage above 0). */
  over_quota: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  type: commaList
    .pipe(
      z
        .array(z.enum(usageKinds, { error: `must be one of ${usageKinds.join(', ')}` }))
        .max(10, 'has too many values'),
    )
    .optional()
    .describe('Bundle types, comma-separated'),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type AdminUsageQuery = z.infer<typeof adminUsageQuerySchema>;

/** One bundle of one customer, with its used percentage and status colour (SPEC.md §4). */
export const adminUsageRowSchema = usageEntrySchema
  .extend({
    customer_id: z.number().int(),
    customer_name: z.string(),
    period: usagePeriodSchema,
    used_percent: z.number().int().describe('SPEC.md §4: 100 when over quota'),
    status: z.enum(usageStatuses).describe('error (red), warning (orange) or success (green)'),
  })
  .meta({ id: 'AdminUsageRow' });
export type AdminUsageRow = z.infer<typeof adminUsageRowSchema>;
