import { z } from 'zod';
import { customerIdSchema, isCountryCode, isoDateSchema, limitSchema } from './common.ts';
import { text } from './text.ts';

export const customerStatuses = ['active', 'suspended', 'terminated'] as const;
export const customerStatusSchema = z.enum(customerStatuses);
export const languages = ['en', 'nl'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const addressTypes = ['delivery', 'invoice', 'postal', 'visit'] as const;
export const addressTypeSchema = z.enum(addressTypes);

export const customerLinkSchema = z
  .object({ customer_id: z.number().int(), type: z.string(), identifier: z.string() })
  .meta({ id: 'CustomerLink' });

export const addressSchema = z
  .object({
    customer_id: z.number().int(),
    type: addressTypeSchema,
    main: z.boolean(),
    lines: z.array(z.string()),
    postcode: z.string(),
    city: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 country code'),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const customerSchema = z
  .object({
    customer_id: z.number().int(),
    display_name: z.string(),
    language: languageSchema,
    status: customerStatusSchema,
    phone: z.string().nullable(),
    coc_number: z.string().nullable(),
    vat_number: z.string().nullable(),
    usage_po_number: z.string().nullable(),
    links: z.array(customerLinkSchema),
    addresses: z.array(addressSchema),
    created_at: isoDateSchema,
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

export const bankAccountSchema = z
  .object({
    customer_id: z.number().int(),
    main: z.boolean(),
    iban: z.string(),
    bic: z.string().nullable(),
    account_holder: z.string(),
  })
  .meta({ id: 'BankAccount' });
export type BankAccount = z.infer<typeof bankAccountSchema>;

const observeSignalSchema = <T extends z.ZodRawShape>(limits: T) =>
  z.object({ managed: z.boolean(), limits: z.object(limits) });

export const customerFeaturesSchema = z
  .object({
    customer_id: z.number().int(),
    observe: z.object({
      flavor: z.string().nullable(),
      metrics: observeSignalSchema({ hours: z.number(), series: z.number() }),
      logs: observeSignalSchema({ hours: z.number(), bytes: z.number() }),
      traces: observeSignalSchema({ hours: z.number(), bytes: z.number() }),
    }),
    contracts: z.object({
      managed_services: z.object({ has_active_contract: z.boolean() }),
      professional_services: z.object({ has_active_contract: z.boolean() }),
      service_management: z.object({ has_active_contract: z.boolean() }),
    }),
  })
  .meta({ id: 'CustomerFeatures' });
export type CustomerFeatures = z.infer<typeof customerFeaturesSchema>;

export const customerListQuerySchema = z.object({
  status: customerStatusSchema.optional(),
  search: text().max(200, 'must be at most 200 characters').optional(),
  limit: limitSchema,
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** SPEC.md §3: the update customer form holds usagePoNumber only. */
export const customerUpdateSchema = z
  .object({
    // White space only clears the number, as an empty string does (stored as null).
    usage_po_number: text({ error: 'must be a string' }).max(64, 'must be at most 64 characters').nullable(),
  })
  .strict();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerLookupQuerySchema = z.object({
  link_type: text({ error: 'is required' }).min(1, 'is required').max(64, 'is too long'),
  link_id: text({ error: 'is required' }).min(1, 'is required').max(128, 'is too long'),
});

/** Highest customer id: the column is a PostgreSQL integer. */
export const MAX_CUSTOMER_ID = 2_147_483_647;

const requiredText = (max: number) =>
  text({ error: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Optional single-line text: empty (or white space) is stored as null. */
const optionalText = (max: number, pattern?: { regex: RegExp; message: string }) =>
  text({ error: 'must be a string' })
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !pattern || value === '' || pattern.regex.test(value), pattern?.message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

/** A JSON customer id (no coercion: "12" or true in a body is no id). */
export const newCustomerIdSchema = z
  .number({ error: 'must be a customer id' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(MAX_CUSTOMER_ID, 'is too large');

/** A link to another system: `accounting` + `ACC-10001`, `netbox` + a tenant slug. */
export const customerLinkInputSchema = z
  .object({
    type: requiredText(32).regex(/^[a-z][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _'),
    identifier: requiredText(128),
  })
  .strict();
export type CustomerLinkInput = z.infer<typeof customerLinkInputSchema>;

/** The main address as the forms ask for it (SPEC.md §3): street, house number, postal code, town, country. */
export const customerAddressInputSchema = z
  .object({
    type: addressTypeSchema.default('visit'),
    street: requiredText(120),
    house_number: requiredText(20),
    postal_code: requiredText(20),
    town: requiredText(80),
    country: text({ error: 'is required' })
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((value) => value.toUpperCase())
      .refine(isCountryCode, 'must be a two-letter country code'),
  })
  .strict();

export const PHONE_FORMAT_MESSAGE = 'must be a phone number';

/**
 * POST /api/admin/v2/customer (staff moderators, customer-create). Without `customer_id` the next free
 * id is used; a taken id or a link that another customer holds is a 409.
 */
export const customerCreateSchema = z
  .object({
    customer_id: newCustomerIdSchema.optional(),
    display_name: requiredText(200),
    language: languageSchema,
    phone: optionalText(40, { regex: /^\+?[0-9][0-9 ()./-]{5,}$/, message: PHONE_FORMAT_MESSAGE }),
    coc_number: optionalText(20, {
      regex: /^[A-Za-z0-9][A-Za-z0-9 .-]*$/,
      message: 'must be letters and digits',
    }),
    vat_number: optionalText(20, {
      regex: /^[A-Za-z]{2}[A-Za-z0-9 .+*]{2,}$/,
      message: 'must start with a two-letter country code',
    }),
    links: z
      .array(customerLinkInputSchema, { error: 'must be a list' })
      .max(10, 'must be at most 10 links')
      .refine(
        (links) => new Set(links.map((link) => `${link.type}\n${link.identifier}`)).size === links.length,
        'must not hold the same link twice',
      )
      .default([]),
    address: customerAddressInputSchema.nullable().default(null),
  })
  .strict();
export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerCreateParsed = z.output<typeof customerCreateSchema>;

/** GET /api/admin/v2/customer/id-check: the id a new customer gets, and who holds a given id. */
export const customerIdCheckQuerySchema = z.object({
  customer_id: customerIdSchema.optional(),
});

export const customerIdCheckSchema = z
  .object({
    next_free_id: z.number().int().describe('The id a customer created without one gets now'),
    customer_id: z.number().int().nullable().describe('The id asked about, if any'),
    taken_by: z
      .object({ customer_id: z.number().int(), display_name: z.string() })
      .nullable()
      .describe('The customer holding the id asked about; null when it is free'),
  })
  .meta({ id: 'CustomerIdCheck' });
export type CustomerIdCheck = z.infer<typeof customerIdCheckSchema>;

export { customerIdSchema };
