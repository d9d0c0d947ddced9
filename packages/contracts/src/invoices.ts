import { z } from 'zod';
import {
  ADMINISTRATION_SEARCH_MIN_LENGTH,
  currencies,
  dayNumber,
  invoiceStatuses,
  invoiceTotals,
  MONEY_PATTERN,
  parseInvoiceSearch,
  QUANTITY_PATTERN,
  toCents,
  UNIT_PRICE_PATTERN,
  VAT_RATE_PATTERN,
} from './administration-rules.ts';
import {
  commaList,
  cursorSchema,
  customerIdSchema,
  isoDateSchema,
  isoDateTimeSchema,
  limitSchema,
} from './common.ts';
import { text } from './text.ts';

export * from './administration-rules.ts';

export const invoiceStatusSchema = z.enum(invoiceStatuses, {
  error: `must be one of ${invoiceStatuses.join(', ')}`,
});
export const currencySchema = z.enum(currencies, { error: `must be one of ${currencies.join(', ')}` });

/** Money on the wire: a decimal string with two decimals, e.g. "1234.50". */
export const moneySchema = z.string().describe('Decimal amount with two decimals, e.g. "1234.50"');

/** A calendar date in a request: YYYY-MM-DD and a real date. */
export const calendarDateSchema = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine((value) => dayNumber(value) !== undefined, 'must be a date (YYYY-MM-DD)')
  .describe('Calendar date (YYYY-MM-DD)');

/** An invoice number as the accounting system writes it: letters, digits, dot, dash, underscore, slash-free. */
export const invoiceNumberSchema = z
  .string({ error: 'must be an invoice number' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,39}$/, 'must be an invoice number (3–40 letters, digits, . _ -)');

export const invoiceParamsSchema = z.object({
  customer_id: customerIdSchema,
  invoice_id: invoiceNumberSchema,
});
export const adminInvoiceParamsSchema = z.object({ number: invoiceNumberSchema });

export const invoiceSummarySchema = z
  .object({
    number: z.string().describe('The invoice number (also its id in paths)'),
    customer_id: z.number().int(),
    invoice_date: isoDateSchema,
    due_date: isoDateSchema,
    payment_date: isoDateSchema.nullable(),
    currency: currencySchema,
    net_amount: moneySchema,
    vat_amount: moneySchema,
    amount: moneySchema.describe('Total including VAT'),
    amount_due: moneySchema,
    status: invoiceStatusSchema,
    overdue_days: z.number().int().nullable().describe('Days since the due date, when overdue'),
    description: z.string(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceLineSchema = z
  .object({
    position: z.number().int(),
    description: z.string(),
    quantity: z.string().describe('Decimal quantity'),
    unit: z.string(),
    unit_price: moneySchema.describe('Price per unit, up to 4 decimals'),
    vat_rate: z.string().describe('VAT rate in percent, e.g. "21.00"'),
    amount: moneySchema.describe('quantity × unit price, without VAT'),
    period_start: isoDateSchema.nullable(),
    period_end: isoDateSchema.nullable(),
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const vatBreakdownSchema = z
  .object({ rate: z.string(), taxable_amount: moneySchema, vat_amount: moneySchema })
  .meta({ id: 'VatBreakdown' });

export const invoiceSchema = invoiceSummarySchema
  .extend({
    payment_reference: z.string(),
    contract_id: z.string().nullable(),
    lines: z.array(invoiceLineSchema),
    vat_breakdown: z.array(vatBreakdownSchema),
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z
  .object({
    q: text()
      .max(60, 'must be at most 60 characters')
      .superRefine((value, context) => {
        const parsed = parseInvoiceSearch(value);
        if (parsed.kind !== 'invalid') return;
        context.addIssue({
          code: 'custom',
          message:
            parsed.reason === 'too_short'
              ? `must be at least ${ADMINISTRATION_SEARCH_MIN_LENGTH} characters, or a date`
              : 'is not a valid date (DD-MM-YYYY or YYYY-MM-DD)',
        });
      })
      .optional()
      .describe('Invoice number (part, ≥ 3 characters), a date or a date range "from - to"'),
    from: calendarDateSchema.optional().describe('Invoice date on or after'),
    to: calendarDateSchema.optional().describe('Invoice date on or before'),
    status: commaList.pipe(z.array(invoiceStatusSchema).max(4, 'has too many values')).optional(),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be before from',
    path: ['to'],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const money = (what: string) =>
  z
    .string({ error: `must be ${what} as a decimal string` })
    .regex(MONEY_PATTERN, `must be ${what} as a decimal string with at most 2 decimals`);

export const invoiceLineInputSchema = z.object({
  description: text({ error: 'is required' })
    .min(1, 'is required')
    .max(300, 'must be at most 300 characters'),
  quantity: z
    .string({ error: 'must be a decimal string' })
    .regex(QUANTITY_PATTERN, 'must be a decimal string with at most 3 decimals'),
  unit: text({ error: 'is required' }).min(1, 'is required').max(20, 'must be at most 20 characters'),
  unit_price: z
    .string({ error: 'must be a decimal string' })
    .regex(UNIT_PRICE_PATTERN, 'must be a decimal string with at most 4 decimals'),
  vat_rate: z
    .string({ error: 'must be a percentage as a decimal string' })
    .regex(VAT_RATE_PATTERN, 'must be a percentage between 0 and 99.99'),
  period_start: calendarDateSchema.nullable().optional(),
  period_end: calendarDateSchema.nullable().optional(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/**
 * What the accounting system pushes (PUT /api/admin/v2/invoices/{number}). Totals are computed from
 * the lines; amount_due is what is still to be paid.
 */
export const invoiceUpsertSchema = z
  .object({
    customer_id: customerIdSchema,
    invoice_date: calendarDateSchema,
    due_date: calendarDateSchema,
    payment_date: calendarDateSchema.nullable().default(null),
    currency: currencySchema.default('EUR'),
    description: text().max(200, 'must be at most 200 characters').default(''),
    payment_reference: text({ error: 'is required' })
      .min(1, 'is required')
      .max(35, 'must be at most 35 characters'),
    contract_id: text().max(40, 'must be at most 40 characters').nullable().default(null),
    amount_due: money('the amount due'),
    written_off: z.boolean({ error: 'must be true or false' }).default(false),
    lines: z
      .array(invoiceLineInputSchema, { error: 'must be a list of lines' })
      .min(1, 'must hold at least 1 line')
      .max(500, 'must hold at most 500 lines'),
  })
  .strict()
  .refine((body) => body.due_date >= body.invoice_date, {
    message: 'must not be before the invoice date',
    path: ['due_date'],
  })
  .superRefine((body, context) => {
    // Lines that passed their own checks: the amount due cannot exceed the invoice's total.
    // zod runs this even when a field failed its own check: compute only on well-formed numbers.
    const wellFormed = body.lines.every(
      (line) =>
        QUANTITY_PATTERN.test(line.quantity) &&
        UNIT_PRICE_PATTERN.test(line.unit_price) &&
        VAT_RATE_PATTERN.test(line.vat_rate),
    );
    if (body.lines.length === 0 || !wellFormed || !MONEY_PATTERN.test(body.amount_due)) return;
    const { amount } = invoiceTotals(body.lines);
    const due = toCents(body.amount_due);
    if (due > 0n && due > toCents(amount)) {
      context.addIssue({
        code: 'custom',
        message: `must not exceed the total ${amount}`,
        path: ['amount_due'],
      });
    }
  });
export type InvoiceUpsert = z.infer<typeof invoiceUpsertSchema>;
