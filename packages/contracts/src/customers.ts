import { z } from 'zod';
import { customerIdSchema, isoDateSchema, limitSchema } from './common.ts';
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
