import { z } from 'zod';
import { commaList, cursorSchema, limitSchema } from './common.ts';
import { CROSSCHECK_SUBTYPE_PATTERN, crosscheckStatuses } from './crosscheck-rules.ts';
import { text } from './text.ts';
import { USAGE_PERIOD_PATTERN, usageKinds, usageUnits } from './usage-rules.ts';

export * from './crosscheck-rules.ts';

/**
 * A month as usage names it (usage.ts's usagePeriodSchema, written again here: importing usage.ts would
 * register its OpenAPI components before those of the modules between, reordering the whole document).
 */
const usagePeriodSchema = z
  .string()
  .regex(USAGE_PERIOD_PATTERN, 'must be a month as YYYY-MM, e.g. 2026-10')
  .describe('A calendar month, YYYY-MM');

/** Crosschecks of administrative (billed) versus technical (used) usage, staff only (decision 0027). */
const amount = (description: string) =>
  z.string().describe(`${description}; decimal string with two decimals, e.g. "12.50"`);

export const crosscheckSubtypeSchema = z
  .string({ error: 'must be a subtype' })
  .regex(CROSSCHECK_SUBTYPE_PATTERN, 'must be a subtype such as manhour or storage')
  .describe('The usage type of the bundles compared, e.g. manhour, storage, traffic, observe_series');

/** In answers: whatever usage type the database holds, never refused on the way out (no 500 for data). */
const subtypeOut = z.string().describe('The usage type of the bundles compared, e.g. manhour');

export const crosscheckMonthsQuerySchema = z.object({
  /** Only this month (the list then holds it once, or not at all). */
  month: usagePeriodSchema.optional(),
});
export type CrosscheckMonthsQuery = z.infer<typeof crosscheckMonthsQuerySchema>;

export const crosscheckMonthSchema = z
  .object({
    month: usagePeriodSchema,
    customers: z.number().int().describe('Customers checked: those with usage bundles that month'),
    rows: z.number().int().describe('Rows compared (customer × subtype)'),
    differences: z.number().int().describe('Rows whose status is not match'),
    subtypes: z.array(subtypeOut).describe('The subtypes compared that month, sorted'),
  })
  .meta({ id: 'CrosscheckMonth' });
export type CrosscheckMonth = z.infer<typeof crosscheckMonthSchema>;

export const crosscheckParamsSchema = z.object({ month: usagePeriodSchema });

export const crosscheckQuerySchema = z.object({
  status: commaList
    .pipe(
      z
        .array(z.enum(crosscheckStatuses, { error: `must be one of ${crosscheckStatuses.join(', ')}` }))
        .max(10, 'has too many values'),
    )
    .optional()
    .describe('Statuses, comma-separated: under_billed, unbilled, unused, match'),
  subtype: crosscheckSubtypeSchema.optional(),
  /** Part of a customer's name, or a customer id. */
  q: text().max(100, 'must be at most 100 characters').optional(),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type CrosscheckQuery = z.infer<typeof crosscheckQuerySchema>;

export const crosscheckRowSchema = z
  .object({
    customer_id: z.number().int(),
    customer_name: z.string(),
    type: z.enum(usageKinds),
    subtype: subtypeOut,
    unit: z.enum(usageUnits),
    billed: amount('What is billed: the bundles the customer pays for this month'),
    used: amount('What was technically used this month'),
    difference: amount('billed − used: negative when more was used than billed'),
    status: z.enum(crosscheckStatuses),
  })
  .meta({ id: 'CrosscheckRow' });
export type CrosscheckRow = z.infer<typeof crosscheckRowSchema>;

export const crosscheckExportQuerySchema = z.object({
  subtype: crosscheckSubtypeSchema,
  language: z.enum(['en', 'nl'], { error: 'must be en or nl' }).default('en'),
});
export type CrosscheckExportQuery = z.infer<typeof crosscheckExportQuerySchema>;
