import { z } from 'zod';
import { cursorSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { customerStatuses, languages } from './customers.ts';
import { customerRoles } from './rights.ts';
import { text } from './text.ts';

/**
 * Mass mailings by staff (SPEC.md §1/§2/§3/§5, decision 0026). A mailing is written in English and
 * Dutch; its recipients are the contacts of the customers its query matches who chose to get
 * mailings by e-mail, each mailed once, in their own language. Its own entry point
 * (`@portaal/contracts/mailings`), not in the index: only the API and the staff screens need it.
 */

/** SPEC.md §5: title (the subject) at least 10 characters, body at least 20. */
export const MAILING_SUBJECT_MIN = 10;
export const MAILING_BODY_MIN = 20;
export const MAILING_LABEL_MIN = 3;
export const MAILING_SUBJECT_MAX = 200;
export const MAILING_BODY_MAX = 20_000;
export const MAILING_LABEL_MAX = 100;
export const MAILING_SENDER_MAX = 100;
export const MAILING_CUSTOMER_IDS_MAX = 100;

/** The products (customer features) a query can group customers by. */
export const mailingProducts = [
  'observe',
  'managed_services',
  'professional_services',
  'service_management',
] as const;
export type MailingProduct = (typeof mailingProducts)[number];

export const mailingStatuses = ['draft', 'sending', 'sent', 'failed'] as const;
export type MailingStatus = (typeof mailingStatuses)[number];

/** The one message each rule gives; the web app translates by these exact texts' keys. */
export const MAILING_MESSAGES = {
  required: 'is required',
  subjectMin: `must be at least ${MAILING_SUBJECT_MIN} characters`,
  bodyMin: `must be at least ${MAILING_BODY_MIN} characters`,
  labelMin: `must be at least ${MAILING_LABEL_MIN} characters`,
  tooLong: (max: number) => `must be at most ${max} characters`,
} as const;

/** A JSON customer id (no coercion: "1001" in a body is no id); a PostgreSQL integer. */
const customerNumberSchema = z
  .number({ error: 'must be a customer id' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `must hold at most ${max} items`)
    .refine(unique, 'must not repeat an item')
    .default([]);

/**
 * Groups over tenants and products: every given list narrows the customers (an empty list does not);
 * inside a list any item matches. `roles` narrows the contacts of those customers.
 */
export const mailingQuerySchema = z
  .object({
    customer_statuses: uniqueList(z.enum(customerStatuses), customerStatuses.length).describe(
      'Customers in one of these statuses; empty: any status',
    ),
    languages: uniqueList(z.enum(languages), languages.length).describe(
      "Customers whose language is one of these; empty: any (each contact is mailed in the contact's own language)",
    ),
    products: uniqueList(z.enum(mailingProducts), mailingProducts.length).describe(
      'Customers with at least one of these products active; empty: with or without',
    ),
    customer_ids: uniqueList(customerNumberSchema, MAILING_CUSTOMER_IDS_MAX).describe(
      'Only these customers (tenants); empty: all',
    ),
    roles: uniqueList(z.enum(customerRoles), customerRoles.length).describe(
      'Contacts with at least one of these roles; empty: every contact',
    ),
  })
  .strict()
  .meta({ id: 'MailingQuery' });
export type MailingQuery = z.infer<typeof mailingQuerySchema>;
export type MailingQueryInput = z.input<typeof mailingQuerySchema>;

const subject = text({ error: MAILING_MESSAGES.required })
  .min(1, MAILING_MESSAGES.required)
  .min(MAILING_SUBJECT_MIN, MAILING_MESSAGES.subjectMin)
  .max(MAILING_SUBJECT_MAX, MAILING_MESSAGES.tooLong(MAILING_SUBJECT_MAX));
const body = text({ multiline: true, error: MAILING_MESSAGES.required })
  .min(1, MAILING_MESSAGES.required)
  .min(MAILING_BODY_MIN, MAILING_MESSAGES.bodyMin)
  .max(MAILING_BODY_MAX, MAILING_MESSAGES.tooLong(MAILING_BODY_MAX));
const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.object({ en: schema, nl: schema }, { error: MAILING_MESSAGES.required }).strict();

export const mailingContentSchema = z
  .object({
    label: text({ error: MAILING_MESSAGES.required })
      .min(1, MAILING_MESSAGES.required)
      .min(MAILING_LABEL_MIN, MAILING_MESSAGES.labelMin)
      .max(MAILING_LABEL_MAX, MAILING_MESSAGES.tooLong(MAILING_LABEL_MAX)),
    sender: text({ error: MAILING_MESSAGES.required })
      .min(1, MAILING_MESSAGES.required)
      .max(MAILING_SENDER_MAX, MAILING_MESSAGES.tooLong(MAILING_SENDER_MAX)),
    subject: perLanguage(subject),
    body: perLanguage(body),
  })
  .strict();
export type MailingContent = z.infer<typeof mailingContentSchema>;

export const mailingInputSchema = mailingContentSchema
  .extend({ query: mailingQuerySchema })
  .strict()
  .meta({ id: 'NewMailing' });
export type MailingInput = z.infer<typeof mailingInputSchema>;
export type MailingInputRaw = z.input<typeof mailingInputSchema>;

export const mailingRecipientSchema = z
  .object({
    contact_id: z.number().int(),
    customer_id: z.number().int(),
    customer_name: z.string(),
    name: z.string(),
    email: z.string(),
    language: z.enum(languages),
  })
  .meta({ id: 'MailingRecipient' });
export type MailingRecipient = z.infer<typeof mailingRecipientSchema>;

export const MAILING_PREVIEW_SIZE = 25;
export const mailingPreviewSchema = z
  .object({
    count: z.number().int().describe('Recipients (distinct addresses) the query reaches now'),
    languages: z.object({ en: z.number().int(), nl: z.number().int() }),
    recipients: z.array(mailingRecipientSchema).describe(`The first ${MAILING_PREVIEW_SIZE} by address`),
  })
  .meta({ id: 'MailingPreview' });
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

/**
 * Every recipient of a sent mailing is in exactly one of delivered, waiting and failed (decision 0026):
 * `total` is their sum. A mailing is `sending` while any recipient is waiting; then `sent`, or `failed`
 * when not one mail was delivered.
 */
export const mailingProgressSchema = z
  .object({
    mailing_id: z.number().int(),
    status: z.enum(mailingStatuses),
    total: z.number().int().describe('Recipients (distinct addresses) fixed when sending started'),
    delivered: z
      .number()
      .int()
      .describe('Mails the mail server accepted (or, without one, the outbox keeps as delivered)'),
    waiting: z
      .number()
      .int()
      .describe('Recipients whose mail is not written yet, or written and not yet delivered'),
    failed: z.number().int().describe('Mails the mail job gave up on'),
  })
  .meta({ id: 'MailingProgress' });
export type MailingProgress = z.infer<typeof mailingProgressSchema>;

export const mailingSummarySchema = mailingProgressSchema
  .extend({
    label: z.string(),
    subject: z.object({ en: z.string(), nl: z.string() }),
    created_by: z.string().describe('Name of the staff member who wrote it'),
    created_at: isoDateTimeSchema,
    sent_at: isoDateTimeSchema.nullable().describe('When sending started; null for a draft'),
  })
  .meta({ id: 'MailingSummary' });
export type MailingSummary = z.infer<typeof mailingSummarySchema>;

export const mailingCustomerSchema = z
  .object({
    customer_id: z.number().int(),
    name: z.string().nullable().describe("The customer's name; null when no customer has this id (any more)"),
  })
  .meta({ id: 'MailingCustomer' });
export type MailingCustomer = z.infer<typeof mailingCustomerSchema>;

export const mailingSchema = mailingSummarySchema
  .extend({
    sender: z.string(),
    body: z.object({ en: z.string(), nl: z.string() }),
    query: mailingQuerySchema,
    customers: z
      .array(mailingCustomerSchema)
      .describe("The customers of `query.customer_ids` with their names, in the query's order"),
  })
  .meta({ id: 'Mailing' });
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingParamsSchema = z.object({
  mailing_id: z.coerce
    .number({ error: 'must be a mailing id' })
    .int('must be a mailing id')
    .min(1, 'must be a mailing id')
    .max(2_147_483_647, 'must be a mailing id'),
});
export const mailingListQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export type MailingListQuery = z.infer<typeof mailingListQuerySchema>;

type ProgressCounts = Pick<MailingProgress, 'total' | 'delivered' | 'failed'>;
const share = (part: number, total: number) =>
  total <= 0 ? 0 : Math.min(100, Math.max(0, (part / total) * 100));

/** The share of a mailing's recipients whose mail has ended (delivered or failed), 0–100, rounded. */
export function mailingPercent(progress: ProgressCounts): number {
  return Math.round(share(progress.delivered + progress.failed, progress.total));
}

/** The delivered and failed parts of the progress bar, in percent (unrounded, together at most 100). */
export function mailingShares(progress: ProgressCounts): { delivered: number; failed: number } {
  const delivered = share(progress.delivered, progress.total);
  return { delivered, failed: Math.min(100 - delivered, share(progress.failed, progress.total)) };
}
