import { z } from 'zod';
import {
  ADMINISTRATION_SEARCH_MIN_LENGTH,
  billingPeriods,
  contractStatuses,
  paymentMethods,
  QUANTITY_PATTERN,
  UNIT_PRICE_PATTERN,
} from './administration-rules.ts';
import { isValidBic, isValidIban } from './bank-rules.ts';
import {
  commaList,
  cursorSchema,
  customerIdSchema,
  isoDateSchema,
  isoDateTimeSchema,
  limitSchema,
} from './common.ts';
import { calendarDateSchema, currencySchema, moneySchema } from './invoices.ts';
import { text } from './text.ts';

export const contractStatusSchema = z.enum(contractStatuses, {
  error: `must be one of ${contractStatuses.join(', ')}`,
});
export const paymentMethodSchema = z.enum(paymentMethods, {
  error: `must be one of ${paymentMethods.join(', ')}`,
});
export const billingPeriodSchema = z.enum(billingPeriods, {
  error: `must be one of ${billingPeriods.join(', ')}`,
});

/** A contract id as the accounting system writes it, e.g. CT-1001-0003. */
export const contractIdSchema = z
  .string({ error: 'must be a contract id' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,39}$/, 'must be a contract id (3–40 letters, digits, . _ -)');

export const contractParamsSchema = z.object({
  customer_id: customerIdSchema,
  contract_id: contractIdSchema,
});
export const adminContractParamsSchema = z.object({ id: contractIdSchema });

export const contractRuleSchema = z
  .object({
    position: z.number().int(),
    product: z.string(),
    quantity: z.string(),
    unit: z.string(),
    unit_price: moneySchema.describe('Price per unit, up to 4 decimals'),
    recurring: z.boolean().describe('Charged every month (true) or once (false)'),
    amount: moneySchema.describe('quantity × unit price'),
  })
  .meta({ id: 'ContractRule' });
export type ContractRule = z.infer<typeof contractRuleSchema>;

export const billingSchema = z
  .object({
    payment_method: paymentMethodSchema,
    payment_period: billingPeriodSchema,
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    account_holder: z.string().nullable(),
    po_number: z.string().nullable(),
    monthly_costs: moneySchema,
    one_off_costs: moneySchema,
  })
  .meta({ id: 'ContractBilling' });
export type Billing = z.infer<typeof billingSchema>;

export const termSchema = z
  .object({
    start_date: isoDateSchema,
    extension_months: z.number().int().describe('The contract renews by this many months (0: no renewal)'),
    payment_days: z.number().int().describe('Payment term of its invoices in days'),
  })
  .meta({ id: 'ContractTerm' });
export type Term = z.infer<typeof termSchema>;

export const contractSummarySchema = z
  .object({
    contract_id: z.string(),
    customer_id: z.number().int(),
    description: z.string(),
    recurring: z.boolean().describe('Recurring (true) or one-off (false)'),
    status: contractStatusSchema,
    start_date: isoDateSchema,
    end_date: isoDateSchema.nullable(),
    renewal_date: isoDateSchema.nullable(),
    renewal_days: z.number().int().nullable().describe('Days from today to the renewal date'),
    currency: currencySchema,
    monthly_costs: moneySchema,
    one_off_costs: moneySchema,
    end_requested_at: isoDateTimeSchema.nullable(),
    can_request_end: z.boolean(),
  })
  .meta({ id: 'ContractSummary' });
export type ContractSummary = z.infer<typeof contractSummarySchema>;

export const contractSchema = contractSummarySchema
  .extend({
    rules: z.array(contractRuleSchema),
    billing: billingSchema,
    term: termSchema,
    end_request_ticket_id: z.number().int().nullable(),
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof contractSchema>;

export const contractListQuerySchema = z.object({
  q: text()
    .max(100, 'must be at most 100 characters')
    .refine(
      (value) => value === '' || value.length >= ADMINISTRATION_SEARCH_MIN_LENGTH,
      `must be at least ${ADMINISTRATION_SEARCH_MIN_LENGTH} characters`,
    )
    .optional()
    .describe('Contract id or description (part, ≥ 3 characters)'),
  show_ended: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe('Also ended and cancelled contracts'),
  status: commaList.pipe(z.array(contractStatusSchema).max(5, 'has too many values')).optional(),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

export const contractEndRequestResultSchema = z
  .object({ contract_id: z.string(), ticket_id: z.number().int(), end_requested_at: isoDateTimeSchema })
  .meta({ id: 'ContractEndRequestResult' });
export type ContractEndRequestResult = z.infer<typeof contractEndRequestResultSchema>;

const optionalLine = (max: number) =>
  text().max(max, `must be at most ${max} characters`).nullable().default(null);

export const contractRuleInputSchema = z.object({
  product: text({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
  quantity: z
    .string({ error: 'must be a decimal string' })
    .regex(QUANTITY_PATTERN, 'must be a decimal string with at most 3 decimals'),
  unit: text({ error: 'is required' }).min(1, 'is required').max(20, 'must be at most 20 characters'),
  unit_price: z
    .string({ error: 'must be a decimal string' })
    .regex(UNIT_PRICE_PATTERN, 'must be a decimal string with at most 4 decimals'),
  recurring: z.boolean({ error: 'must be true or false' }),
});

/** What the accounting system pushes (PUT /api/admin/v2/contracts/{id}). */
export const contractUpsertSchema = z
  .object({
    customer_id: customerIdSchema,
    description: text({ error: 'is required' })
      .min(1, 'is required')
      .max(200, 'must be at most 200 characters'),
    recurring: z.boolean({ error: 'must be true or false' }),
    status: contractStatusSchema,
    start_date: calendarDateSchema,
    end_date: calendarDateSchema.nullable().default(null),
    renewal_date: calendarDateSchema.nullable().default(null),
    currency: currencySchema.default('EUR'),
    rules: z
      .array(contractRuleInputSchema, { error: 'must be a list of rules' })
      .min(1, 'must hold at least 1 rule')
      .max(200, 'must hold at most 200 rules'),
    billing: z
      .object({
        payment_method: paymentMethodSchema,
        payment_period: billingPeriodSchema,
        iban: z
          .string()
          .transform((value) => value.replace(/\s+/g, '').toUpperCase())
          .refine(isValidIban, 'must be a valid IBAN')
          .nullable()
          .default(null),
        bic: z
          .string()
          .transform((value) => value.trim().toUpperCase())
          .refine(isValidBic, 'must be a valid BIC')
          .nullable()
          .default(null),
        account_holder: optionalLine(100),
        po_number: optionalLine(40),
      })
      .strict()
      .refine((billing) => billing.payment_method !== 'direct_debit' || billing.iban !== null, {
        message: 'is required for direct debit',
        path: ['iban'],
      }),
    term: z
      .object({
        start_date: calendarDateSchema,
        extension_months: z
          .number({ error: 'must be a number of months' })
          .int('must be a whole number')
          .min(0, 'must be between 0 and 120')
          .max(120, 'must be between 0 and 120'),
        payment_days: z
          .number({ error: 'must be a number of days' })
          .int('must be a whole number')
          .min(0, 'must be between 0 and 365')
          .max(365, 'must be between 0 and 365'),
      })
      .strict(),
  })
  .strict()
  .refine((body) => body.end_date === null || body.end_date >= body.start_date, {
    message: 'must not be before the start date',
    path: ['end_date'],
  });
export type ContractUpsert = z.infer<typeof contractUpsertSchema>;

const openInvoicesSchema = z.object({ count: z.number().int(), amount: moneySchema });

/** The administration overview: invoices to pay and overdue with their sums, contracts renewing soon. */
export const administrationOverviewSchema = z
  .object({
    currency: currencySchema,
    /** Null without invoice-read. */
    invoices: z.object({ to_pay: openInvoicesSchema, overdue: openInvoicesSchema }).nullable(),
    /** Contracts renewing in the next 90 days, soonest first; null without subscription-read. */
    renewals: z.array(contractSummarySchema).nullable(),
  })
  .meta({ id: 'AdministrationOverview' });
export type AdministrationOverview = z.infer<typeof administrationOverviewSchema>;
