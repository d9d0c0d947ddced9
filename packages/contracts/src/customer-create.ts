import { z } from 'zod';
import { isCountryCode } from './common.ts';
import { phoneSchema } from './contacts.ts';
import { addressTypeSchema, languageSchema } from './customers.ts';
import {
  cocNumberProblem,
  companyCountry,
  postcodeProblem,
  vatNumberProblem,
  withNormalisedPostcode,
} from './dutch-rules.ts';
import { text } from './text.ts';

/**
 * Creating a customer (staff). Its own entry point (`@portaal/contracts/customer-create`), not in the
 * index: the phone rule carries libphonenumber's metadata, which only the staff screen and the API need.
 */

/** Highest customer id: the column is a PostgreSQL integer. */
export const MAX_CUSTOMER_ID = 2_147_483_647;

const requiredText = (max: number) =>
  text({ error: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`);

/** The VAT number's format message: the form gives an example by it (NL123456789B01). */
export const VAT_NUMBER_MESSAGE = 'must start with a two-letter country code';

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
  .strict()
  // Dutch addresses: the postcode's format (dutch-rules.ts), stored as `1234 AB`.
  .superRefine((address, context) => {
    const problem = postcodeProblem(address.postal_code, address.country);
    if (problem) context.addIssue({ code: 'custom', path: ['postal_code'], message: problem });
  })
  .transform(withNormalisedPostcode);

/**
 * POST /api/admin/v2/customer (staff moderators, customer-create). Without `customer_id` the next free
 * id is used; a taken id or a link that another customer holds is a 409.
 */
export const customerCreateSchema = z
  .object({
    customer_id: newCustomerIdSchema.optional(),
    display_name: requiredText(200),
    language: languageSchema,
    // Checked and stored in its international form by libphonenumber, as contacts' numbers are.
    phone: phoneSchema.nullable().default(null),
    coc_number: optionalText(20, {
      regex: /^[A-Za-z0-9][A-Za-z0-9 .-]*$/,
      message: 'must be letters and digits',
    }),
    vat_number: optionalText(20, { regex: /^[A-Za-z]{2}[A-Za-z0-9 .+*]{2,}$/, message: VAT_NUMBER_MESSAGE }),
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
  .strict()
  // A Dutch company's CoC number is a KvK number, and a VAT number starting with NL is a Dutch one.
  // The company's country is its main address's, else its VAT number's, else NL (companyCountry):
  // without an address the number was not checked at all. Checked even while other fields are wrong,
  // so a form shows every error at once.
  .superRefine(
    (body, context) => {
      const country = companyCountry(body.address?.country, body.vat_number);
      const coc = cocNumberProblem(body.coc_number, country);
      if (coc) context.addIssue({ code: 'custom', path: ['coc_number'], message: coc });
      const vat = vatNumberProblem(body.vat_number);
      if (vat) context.addIssue({ code: 'custom', path: ['vat_number'], message: vat });
    },
    {
      // Only on an object whose number and country are themselves valid (a wrong postcode or street
      // does not hide the number's error).
      when: ({ value, issues }) =>
        typeof value === 'object' &&
        value !== null &&
        !issues.some((issue) => {
          const [first, second] = issue.path ?? [];
          return (
            first === undefined ||
            first === 'coc_number' ||
            first === 'vat_number' ||
            (first === 'address' && (second === undefined || second === 'country'))
          );
        }),
    },
  );
export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerCreateParsed = z.output<typeof customerCreateSchema>;
