import { z } from 'zod';
import { fromCents, toCents } from './administration-rules.ts';
import { customerIdSchema, isoDateTimeSchema } from './common.ts';
import { DISPLAY_ID_PATTERN, reportKinds } from './report-rules.ts';
import { usagePeriodSchema } from './usage.ts';
import { usageKinds, usageUnits } from './usage-rules.ts';

export * from './report-display.ts';
export * from './report-rules.ts';

export const reportKindSchema = z.enum(reportKinds, { error: `must be one of ${reportKinds.join(', ')}` });
export const displayIdSchema = z
  .string()
  .regex(DISPLAY_ID_PATTERN, 'must be a report id such as SLA-2026-10 or USAGE-2026-10');

export const reportsQuerySchema = z.object({
  kind: reportKindSchema.optional(),
  period: usagePeriodSchema.optional(),
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

export const reportParamsSchema = z.object({
  customer_id: customerIdSchema,
  display_id: displayIdSchema,
});

export const reportFormats = ['pdf', 'csv'] as const;
export const reportDownloadQuerySchema = z.object({
  format: z.enum(reportFormats, { error: 'must be pdf or csv' }).default('pdf'),
  language: z.enum(['en', 'nl'], { error: 'must be en or nl' }).default('en'),
});
export type ReportDownloadQuery = z.infer<typeof reportDownloadQuerySchema>;

export const reportSummarySchema = z
  .object({
    display_id: z.string(),
    kind: reportKindSchema,
    period: usagePeriodSchema,
    generated_at: isoDateTimeSchema,
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** A usage report item (SPEC.md §3); money as decimal strings in EUR. */
export const usageReportItemSchema = z
  .object({
    type: z.enum(usageKinds),
    usage_type: z.string(),
    subtype: z.string(),
    unit: z.enum(usageUnits),
    bought: z.number(),
    used: z.number(),
    month_balance: z.number().describe('Bought minus used; negative when more was used'),
    left_over: z.number(),
    over_quota: z.number(),
    rate: z.string().describe('EUR per unit over quota'),
    cost: z.string().describe('EUR: over quota × rate'),
  })
  .meta({ id: 'UsageReportItem' });
export type UsageReportItem = z.infer<typeof usageReportItemSchema>;

export const slaApplicationSchema = z
  .object({
    name: z.string(),
    target: z.number(),
    uptime: z.number().nullable(),
    met: z.boolean().nullable(),
    downtime_minutes: z.number().int(),
    service_credit_percent: z.number(),
  })
  .meta({ id: 'SlaApplication' });
export type SlaApplication = z.infer<typeof slaApplicationSchema>;

export const slaIncidentSchema = z
  .object({
    ticket_id: z.number().int(),
    subject: z.string(),
    priority: z.number().int(),
    created_at: isoDateTimeSchema,
    response_minutes: z.number().int().nullable(),
    response_target_minutes: z.number().int(),
    response_met: z.boolean().nullable(),
    resolution_minutes: z.number().int().nullable(),
    resolution_target_minutes: z.number().int(),
    resolution_met: z.boolean().nullable(),
  })
  .meta({ id: 'SlaIncident' });
export type SlaIncident = z.infer<typeof slaIncidentSchema>;

const reportBase = { display_id: z.string(), period: usagePeriodSchema, generated_at: isoDateTimeSchema };

export const usageReportSchema = z
  .object({
    ...reportBase,
    kind: z.literal('usage'),
    items: z.array(usageReportItemSchema),
    total_cost: z.string().describe('EUR'),
  })
  .meta({ id: 'UsageReport' });
export const slaReportSchema = z
  .object({
    ...reportBase,
    kind: z.literal('sla'),
    applications: z.array(slaApplicationSchema),
    incidents: z.array(slaIncidentSchema),
    service_credit_percent: z.number().describe('The highest credit owed over the applications'),
  })
  .meta({ id: 'SlaReport' });
export const reportSchema = z
  .discriminatedUnion('kind', [usageReportSchema, slaReportSchema])
  .meta({ id: 'Report' });
export type UsageReport = z.infer<typeof usageReportSchema>;
export type SlaReport = z.infer<typeof slaReportSchema>;
export type Report = z.infer<typeof reportSchema>;

// Money rules need bigint cents (administration-rules): kept out of the zod-free report rules the
// web app's start reads.
/** Cost of the over-usage: over quota (to 2 decimals) × rate, rounded half up to the cent; a decimal string. */
export function overusageCost(overQuota: number, rate: string): string {
  const hundredths = BigInt(Math.round(overQuota * 100));
  return fromCents((hundredths * toCents(rate) + 50n) / 100n);
}
