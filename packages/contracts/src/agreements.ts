import { z } from 'zod';
import { cursorSchema, customerIdSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { text } from './text.ts';

/**
 * Usage agreements (post-calculation, SPEC.md §1/§3, decision 0024): a prepaid bundle of hours or
 * other units agreed outside the contract. Staff record changes; each change says who, when, by how
 * much (or, for a renewal, to how much), why, and the total after it. The total never goes below 0.
 */
export const agreementUnits = ['hours', 'days', 'units'] as const;
export type AgreementUnit = (typeof agreementUnits)[number];

/** Amounts on the wire: decimal strings with at most two decimals (numeric(14,2) in the database). */
export const AGREEMENT_AMOUNT_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;
/** The API's message for a change of 0 (isNoOpAgreementChange). */
export const AGREEMENT_ZERO_MESSAGE = 'must not be 0';
/** The largest total numeric(14,2) holds, kept well inside it. */
export const AGREEMENT_TOTAL_MAX = '9999999999.99';

export const agreementParamsSchema = z.object({ customer_id: customerIdSchema });

export const agreementSchema = z
  .object({
    customer_id: z.number().int(),
    customer_name: z.string(),
    unit: z.enum(agreementUnits),
    total: z.string().describe('Current total, decimal string with two decimals, e.g. "12.50"'),
    po_number: z.string().nullable(),
    updated_at: isoDateTimeSchema.nullable().describe('null while nothing was ever recorded'),
  })
  .meta({ id: 'Agreement' });
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementChangeSchema = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    amount: z.string().describe('Added (or, negative, subtracted); for a renewal the new total itself'),
    new_total: z.string(),
    renewal: z.boolean().describe('A renewal sets the total to the amount instead of adding it'),
    comment: z.string(),
    by_user_id: z.string(),
    by_name: z.string(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'AgreementChange' });
export type AgreementChange = z.infer<typeof agreementChangeSchema>;

export const agreementChangeInputSchema = z
  .object({
    amount: z
      .string({ error: 'must be a decimal string' })
      .trim()
      .regex(AGREEMENT_AMOUNT_PATTERN, 'must be a decimal string with at most 2 decimals'),
    comment: text({ multiline: true, error: 'is required' })
      .min(3, 'must be at least 3 characters')
      .max(500, 'must be at most 500 characters'),
    renewal: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .strict()
  .superRefine((input, context) => {
    if (isNoOpAgreementChange(input.amount, input.renewal)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: AGREEMENT_ZERO_MESSAGE });
    }
  });
export type AgreementChangeInput = z.input<typeof agreementChangeInputSchema>;

export const agreementUpdateSchema = z
  .object({
    po_number: text({ error: 'must be text or null' }).max(64, 'must be at most 64 characters').nullable(),
    unit: z.enum(agreementUnits, { error: `must be one of ${agreementUnits.join(', ')}` }),
  })
  .strict();
export type AgreementUpdate = z.infer<typeof agreementUpdateSchema>;

export const agreementChangesQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export type AgreementChangesQuery = z.infer<typeof agreementChangesQuerySchema>;

export const agreementChangeResultSchema = z
  .object({ agreement: agreementSchema, change: agreementChangeSchema })
  .meta({ id: 'AgreementChangeResult' });
export type AgreementChangeResult = z.infer<typeof agreementChangeResultSchema>;

/** A decimal string as hundredths, exactly (no binary floating point: 0.1 + 0.2 is 0.30). */
export function toHundredths(value: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return sign === '-' ? -cents : cents;
}

export function fromHundredths(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export type AgreementTotalResult =
  | { ok: true; total: string }
  | { ok: false; reason: 'invalid' | 'zero' | 'negative' | 'too-large'; total?: string };

/**
 * A change (not a renewal) of 0 changes nothing and is refused: by agreementChangeInputSchema (400
 * on the amount) and, through nextAgreementTotal, by the form before it sends. A renewal to 0 sets
 * the total and stays allowed.
 */
export function isNoOpAgreementChange(amount: string, renewal: boolean): boolean {
  return !renewal && toHundredths(amount) === 0n;
}

/**
 * The total after a change: a renewal sets it to the amount, otherwise the amount (never 0) is added. The
 * total never goes below 0 (AGREEMENT_TOTAL_NEGATIVE) nor beyond AGREEMENT_TOTAL_MAX. The API applies
 * it under a row lock; the web form uses it for its live preview.
 */
export function nextAgreementTotal(total: string, amount: string, renewal: boolean): AgreementTotalResult {
  const current = toHundredths(total);
  const change = AGREEMENT_AMOUNT_PATTERN.test(amount.trim()) ? toHundredths(amount) : undefined;
  if (current === undefined || change === undefined) return { ok: false, reason: 'invalid' };
  if (isNoOpAgreementChange(amount, renewal)) return { ok: false, reason: 'zero' };
  const next = renewal ? change : current + change;
  const formatted = fromHundredths(next);
  if (next < 0n) return { ok: false, reason: 'negative', total: formatted };
  if (next > (toHundredths(AGREEMENT_TOTAL_MAX) ?? 0n))
    return { ok: false, reason: 'too-large', total: formatted };
  return { ok: true, total: formatted };
}
