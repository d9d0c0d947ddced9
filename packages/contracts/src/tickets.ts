import { z } from 'zod';
import { isValidBic, isValidIban, normaliseIban } from './bank-rules.ts';
import {
  commaList,
  cursorSchema,
  customerIdSchema,
  isCountryCode,
  isoDateTimeSchema,
  limitSchema,
} from './common.ts';
import { lastReplyBy } from './desk-rules.ts';
import { postcodeProblem, withNormalisedPostcode } from './dutch-rules.ts';
import { landscapeKindSchema, parseObjectId } from './landscape.ts';
import { text } from './text.ts';
import {
  isSearchable,
  TICKET_SEARCH_MIN_LENGTH,
  ticketCategories,
  ticketDepartments,
  ticketPriorities,
  ticketStatuses,
} from './ticket-rules.ts';

export * from './desk-rules.ts';
export * from './ticket-rules.ts';

export const ticketStatusSchema = z.enum(ticketStatuses, {
  error: `must be one of ${ticketStatuses.join(', ')}`,
});
export const ticketCategorySchema = z.enum(ticketCategories, {
  error: `must be one of ${ticketCategories.join(', ')}`,
});
export const ticketDepartmentSchema = z.enum(ticketDepartments);
/** Priorities arrive as numbers in JSON and as strings in query strings and multipart fields. */
export const ticketPrioritySchema = z.coerce
  .number({ error: 'must be 1, 2 or 3' })
  .int('must be 1, 2 or 3')
  .refine((value): value is 1 | 2 | 3 => (ticketPriorities as readonly number[]).includes(value), {
    message: 'must be 1, 2 or 3',
  })
  // The refinement is not expressible in JSON Schema; the document names the closed set.
  .meta({ enum: [...ticketPriorities] });

export const ticketIdSchema = z.coerce
  .number({ error: 'must be a ticket number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');

export const ticketParamsSchema = z.object({ customer_id: customerIdSchema, ticket_id: ticketIdSchema });
export const attachmentParamsSchema = ticketParamsSchema.extend({
  attachment_id: z.coerce
    .number({ error: 'must be an attachment id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
});

export const personSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    /** Provider staff: shown as the service desk to customers. */
    staff: z.boolean(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const attachmentSchema = z
  .object({
    attachment_id: z.number().int(),
    message_id: z.number().int(),
    file_name: z.string(),
    content_type: z.string(),
    size: z.number().int().describe('bytes'),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'TicketAttachment' });
export type TicketAttachment = z.infer<typeof attachmentSchema>;

export const ticketMessageSchema = z
  .object({
    message_id: z.number().int(),
    author: personSchema,
    created_at: isoDateTimeSchema,
    body: z.string(),
    /** Internal messages are written by staff for staff and are returned only to staff. */
    internal: z.boolean(),
    /** Set when this message changed the ticket's status. */
    status_change: ticketStatusSchema.nullable(),
    /** Set on an assignment event (internal, staff only): the new assignee, or null when unassigned. */
    assignment: z.object({ assignee: personSchema.nullable() }).nullable(),
    attachments: z.array(attachmentSchema),
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z
  .object({
    ticket_id: z.number().int().describe('The ticket number'),
    customer_id: z.number().int(),
    subject: z.string(),
    department: ticketDepartmentSchema,
    category: ticketCategorySchema,
    priority: z.literal(ticketPriorities),
    status: ticketStatusSchema,
    author: personSchema,
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
    message_count: z.number().int(),
    attachment_count: z.number().int(),
    /** Who wrote the last visible message: the customer or the service desk. */
    last_reply_by: z.enum(lastReplyBy),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/**
 * The server or landscape object a ticket is about (issue 11): its object id, its kind, and its name
 * as the landscape knows it now (null when the landscape no longer lists it).
 */
export const ticketObjectSchema = z
  .object({ id: z.string(), kind: landscapeKindSchema, name: z.string().nullable() })
  .meta({ id: 'TicketLandscapeObject' });
export type TicketObject = z.infer<typeof ticketObjectSchema>;

/** A landscape object id as a ticket field or filter: `{kind}/{key}`, slashes and all. */
export const ticketObjectIdSchema = z
  .string({ error: 'must be a landscape object id ({kind}/{key})' })
  .max(200, 'is too long')
  // One error per field: an over-long id is "too long", not also malformed.
  .refine(
    (value) => value.length > 200 || parseObjectId(value) !== undefined,
    'must be a landscape object id ({kind}/{key})',
  );

export const ticketSchema = ticketSummarySchema
  .extend({
    /** The server or landscape object the ticket is about, when it names one. */
    landscape_object: ticketObjectSchema.nullable(),
    messages: z.array(ticketMessageSchema),
    watchers: z.array(personSchema),
    /** The service desk member handling the ticket, or null while nobody is assigned. */
    handled_by: personSchema.nullable(),
    /** What the caller may do with this ticket, so the screen shows only what works. */
    can_reply: z.boolean(),
    allowed_statuses: z.array(ticketStatusSchema),
    can_write_internal: z.boolean(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  status: commaList.pipe(z.array(ticketStatusSchema).max(10, 'has too many values')).optional(),
  priority: commaList
    .pipe(
      z
        .array(
          z
            .enum(['1', '2', '3'], { error: 'must be 1, 2 or 3' })
            .transform((value) => Number(value) as 1 | 2 | 3),
        )
        .max(10, 'has too many values'),
    )
    .optional(),
  category: commaList.pipe(z.array(ticketCategorySchema).max(10, 'has too many values')).optional(),
  // SPEC.md §9: searches have at least 3 characters; a ticket number ("42", "#42") is one at any length.
  search: text()
    .max(200, 'must be at most 200 characters')
    .refine(
      (value) => value === '' || isSearchable(value),
      `must be at least ${TICKET_SEARCH_MIN_LENGTH} characters, or a ticket number`,
    )
    .optional(),
  /** Only tickets about this landscape object (its `id`, e.g. `devices/12` or `prefixes/10.20.0.0/24`). */
  landscape_object_id: ticketObjectIdSchema.optional(),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketSubjectSchema = text({ error: 'is required' })
  .min(3, 'must be at least 3 characters')
  .max(200, 'must be at most 200 characters');
export const ticketBodySchema = text({ error: 'is required', multiline: true })
  .min(1, 'is required')
  .max(20_000, 'must be at most 20000 characters');

/** POST tickets: JSON, or multipart/form-data with these fields plus files named "attachments". */
export const ticketCreateSchema = z
  .object({
    category: ticketCategorySchema,
    subject: ticketSubjectSchema,
    description: ticketBodySchema,
    priority: ticketPrioritySchema.default(2),
    /**
     * The server or landscape object the ticket is about: one of the customer's own, which the caller
     * may read (infra-read); anything else is refused on this field.
     */
    landscape_object_id: ticketObjectIdSchema.optional(),
  })
  .strict();
export type TicketCreate = z.input<typeof ticketCreateSchema>;

/** POST tickets/{id}/messages: JSON, or multipart/form-data with these fields plus "attachments". */
export const ticketReplySchema = z
  .object({
    body: ticketBodySchema,
    /** Staff only. */
    internal: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
        error: 'must be true or false',
      })
      .default(false),
    /** Optional status change with the reply (customers: close or reopen; staff: any). */
    status: ticketStatusSchema.optional(),
  })
  .strict();
export type TicketReply = z.input<typeof ticketReplySchema>;

/** PATCH tickets/{id}: change the status without a message. */
export const ticketUpdateSchema = z.object({ status: ticketStatusSchema }).strict();
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

export const requestTypesSchema = z
  .object({
    categories: z.array(ticketCategorySchema),
    /** The service desk to call for urgent requests. */
    service_desk_phone: z.string(),
    attachments: z.object({
      extensions: z.array(z.string()),
      max_files: z.number().int(),
      max_total_bytes: z.number().int(),
    }),
  })
  .meta({ id: 'RequestTypes' });
export type RequestTypes = z.infer<typeof requestTypesSchema>;

// Change requests (SPEC.md §5): each creates an administrative ticket whose description states
// whether something is changed or added.

export const changeActionSchema = z.enum(['change', 'add'], { error: 'must be change or add' });

const shortText = (max: number) =>
  text({ error: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`);

export const addressChangeRequestSchema = z
  .object({
    action: changeActionSchema,
    address_type: z.enum(['delivery', 'invoice', 'postal', 'visit'], {
      error: 'must be delivery, invoice, postal or visit',
    }),
    street: shortText(120),
    house_number: shortText(20),
    postal_code: shortText(20),
    town: shortText(80),
    country: text({ error: 'is required' })
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((value) => value.toUpperCase())
      .refine(isCountryCode, 'must be a two-letter country code'),
    note: text({ multiline: true }).max(2000, 'must be at most 2000 characters').optional(),
  })
  .strict();
export type AddressChangeRequest = z.input<typeof addressChangeRequestSchema>;

export const bankAccountChangeRequestSchema = z
  .object({
    action: changeActionSchema,
    iban: text({ error: 'is required' })
      .transform(normaliseIban)
      .pipe(z.string().refine(isValidIban, 'must be a valid IBAN')),
    bic: text()
      .toUpperCase()
      .refine((value) => value === '' || isValidBic(value), 'must be a valid BIC')
      .optional(),
    account_holder: shortText(120),
    note: text({ multiline: true }).max(2000, 'must be at most 2000 characters').optional(),
  })
  .strict();
export type BankAccountChangeRequest = z.input<typeof bankAccountChangeRequestSchema>;

/** POST change-requests (DESIGN.md §4): one endpoint for both, told apart by `type`. */
export const changeRequestSchema = z
  .discriminatedUnion(
    'type',
    [
      addressChangeRequestSchema.extend({ type: z.literal('address') }),
      bankAccountChangeRequestSchema.extend({ type: z.literal('bank_account') }),
    ],
    { error: 'type must be address or bank_account' },
  )
  // A Dutch address's postcode (dutch-rules.ts), stored as `1234 AB`; as in creating a customer.
  .superRefine((body, context) => {
    const problem = body.type === 'address' ? postcodeProblem(body.postal_code, body.country) : undefined;
    if (problem) context.addIssue({ code: 'custom', path: ['postal_code'], message: problem });
  })
  .meta({ id: 'ChangeRequest' })
  .transform((body) => (body.type === 'address' ? withNormalisedPostcode(body) : body));
export type ChangeRequest = z.input<typeof changeRequestSchema>;

/** Today as YYYY-MM-DD in UTC: the earliest end date a request may ask for. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** POST contracts/{contract_id}/end-request (DESIGN.md §4). */
export const endContractRequestSchema = z
  .object({
    end_date: z.iso
      .date({ error: 'must be a date (YYYY-MM-DD)' })
      .refine((date) => date >= todayUtc(), 'must be today or later'),
    reason: text({ multiline: true }).max(2000, 'must be at most 2000 characters').optional(),
  })
  .strict();
export type EndContractRequest = z.input<typeof endContractRequestSchema>;

// ——— Watchers ———

/** A user of the ticket's customer, by the IdP subject. */
const watcherUserIdSchema = text({ error: 'must be a user id' })
  .min(1, 'must be a user id')
  .max(200, 'must be at most 200 characters');

/** PUT/DELETE …/tickets/{ticket_id}/watchers/{user_id}: one watcher of one ticket. */
export const watcherParamsSchema = ticketParamsSchema.extend({ user_id: watcherUserIdSchema });
