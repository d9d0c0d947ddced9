import { z } from 'zod';
import { USAGE_PERIOD_PATTERN, usageKinds, usageUnits } from './usage-rules.ts';

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
