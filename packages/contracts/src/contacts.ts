import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { cursorSchema, customerParamsSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { languageSchema } from './customers.ts';
import { customerRoles } from './rights.ts';
import { text } from './text.ts';

/**
 * Contacts and users of DESIGN.md §8. Its own entry point (`@portaal/contracts/contacts`), not in the
 * index: the phone rules carry libphonenumber's metadata (tens of kB), which only the contacts screens
 * and the API need.
 */

/** SPEC.md §4: 'Select at least 1 role' on user roles. */
export const SELECT_ROLE_MESSAGE = 'Select at least 1 role';
export const PHONE_MESSAGE = 'Enter a valid phone number';
export const EMAIL_MESSAGE = 'Enter a valid e-mail address';

/** Numbers without a country code are Dutch: the provider's customers mostly are. */
export const DEFAULT_PHONE_COUNTRY = 'NL';

/**
 * A valid phone number in its international form (`+31 20 123 4567`), or undefined when the text is
 * no valid number. The API stores this form, so that every number reads the same everywhere.
 */
export function formatPhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.formatInternational() : undefined;
}

/** The `tel:` target of a stored number. */
export function phoneHref(value: string): string {
  return `tel:${value.replace(/[^+\d]/g, '')}`;
}

export const phoneSchema = text()
  .max(40, PHONE_MESSAGE)
  .transform((value, context) => {
    if (value === '') return null;
    const formatted = formatPhone(value);
    if (!formatted) {
      context.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return formatted;
  });

// Deliberately plain: one @, no spaces, a dot in the domain. The mail server has the last word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = text()
  .max(254, EMAIL_MESSAGE)
  .refine((value) => EMAIL_PATTERN.test(value), EMAIL_MESSAGE)
  .transform((value) => value.toLowerCase());

export const contactRoleSchema = z.enum(customerRoles);

/** Events a person may be told about (DESIGN.md §8), each by e-mail and/or chat. */
export const notificationEvents = [
  'ticket_updates',
  'availability',
  'invoices',
  'contract_renewals',
  'mailings',
] as const;
export const notificationEventSchema = z.enum(notificationEvents);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

const eventList = z
  .array(notificationEventSchema)
  .max(notificationEvents.length)
  .refine((list) => new Set(list).size === list.length, 'must not repeat an event');

export const notificationChoicesSchema = z
  .object({ email: eventList, chat: eventList })
  .strict()
  .meta({ id: 'NotificationChoices' });
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

/** Sync labels of SPEC.md §4: the state of a contact's login in the identity provider. */
export const syncStatuses = ['active', 'disabled', 'stale'] as const;
export const syncStatusSchema = z.enum(syncStatuses);
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const contactSummarySchema = z
  .object({
    contact_id: z.number().int(),
    customer_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    cellular: z.string().nullable(),
    roles: z.array(contactRoleSchema),
    language: languageSchema,
    notifications: notificationChoicesSchema,
    /** null: the contact has no login. */
    sync: syncStatusSchema.nullable(),
    /**
     * The contact's login was invited and has not signed in yet (no password set, or never used):
     * its invitation can be sent again. false for a contact without a login.
     */
    invitation_pending: z.boolean(),
    /** Place on the call list (1 is called first), null when not on it. */
    call_position: z.number().int().nullable(),
  })
  .meta({ id: 'ContactSummary' });
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactSchema = contactSummarySchema
  .extend({
    external_note: z.string(),
    /** Only in answers to staff; customers never receive the key. */
    internal_note: z.string().optional(),
    created_at: isoDateTimeSchema,
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

const nameSchema = text().min(1, 'is required').max(100, 'must be at most 100 characters');
const noteSchema = text({ multiline: true }).max(2000, 'must be at most 2000 characters');

/** The body of POST contacts and PUT contacts/{id} (a PUT replaces every field). */
export const contactInputSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.nullable().default(null),
    cellular: phoneSchema.nullable().default(null),
    roles: z
      .array(contactRoleSchema)
      .min(1, SELECT_ROLE_MESSAGE)
      .max(customerRoles.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a role'),
    language: languageSchema,
    notifications: notificationChoicesSchema.default({ email: [], chat: [] }),
    external_note: noteSchema.default(''),
    /** Staff only; a customer sending it is refused (INTERNAL_NOT_ALLOWED). */
    internal_note: noteSchema.optional(),
  })
  .strict();
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export const contactParamsSchema = customerParamsSchema.extend({
  contact_id: z.coerce
    .number({ error: 'must be a contact id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});

export const contactListQuerySchema = z.object({ limit: limitSchema, cursor: cursorSchema });

export const MAX_CALL_LIST = 50;
export const callListInputSchema = z
  .object({
    contact_ids: z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(MAX_CALL_LIST, `must hold at most ${MAX_CALL_LIST} contacts`)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a contact'),
  })
  .strict();
export type CallListInput = z.infer<typeof callListInputSchema>;

export const MAX_TECHNICAL_EMAILS = 50;
export const technicalEmailsSchema = z
  .object({
    emails: z
      .array(emailSchema)
      .max(MAX_TECHNICAL_EMAILS, `must hold at most ${MAX_TECHNICAL_EMAILS} addresses`)
      .refine((list) => new Set(list).size === list.length, 'must not repeat an address'),
  })
  .strict();
export type TechnicalEmails = z.infer<typeof technicalEmailsSchema>;

/** The technical e-mail list in answers. */
export const technicalEmailListSchema = z
  .object({ emails: z.array(z.string()) })
  .meta({ id: 'TechnicalEmailList' });

/** Display name of a contact: first and last name. */
export const contactName = (contact: { first_name: string; last_name: string }) =>
  `${contact.first_name} ${contact.last_name}`.trim();

/** PUT contacts/{id}/login: turn a contact's login off (their rights in this customer end) or on again. */
export const loginStateSchema = z.object({ enabled: z.boolean() }).strict().meta({ id: 'LoginState' });
export type LoginState = z.infer<typeof loginStateSchema>;

/**
 * DELETE contacts/{id}/login answers what became of the login: `removed` from the identity provider,
 * or `pending` when the IdP did not answer. Either way the portal has taken the rights away already;
 * a pending removal is retried by the identity job (SPEC.md §8's failed-removal message).
 */
export const loginRemovalSchema = z
  .object({ contact: contactSchema, identity: z.enum(['removed', 'pending']) })
  .meta({ id: 'LoginRemoval' });
export type LoginRemoval = z.infer<typeof loginRemovalSchema>;

/** PUT /api/v2/me/profile: what a user changes of themselves (SPEC.md's My profile, self-service). */
export const profileUpdateSchema = z
  .object({
    given_name: nameSchema,
    family_name: nameSchema,
    phone: phoneSchema.nullable().default(null),
    mobile: phoneSchema.nullable().default(null),
  })
  .strict()
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
/**
 * The caller's own choices in one customer (GET /api/v2/me/notification-choices): one entry per
 * customer where the caller is a contact and a member.
 */
export const myNotificationChoicesSchema = z
  .object({
    customer_id: z.number().int(),
    display_name: z.string(),
    contact_id: z.number().int(),
    email: z.array(notificationEventSchema),
    chat: z.array(notificationEventSchema),
  })
  .meta({ id: 'MyNotificationChoices' });
export type MyNotificationChoices = z.infer<typeof myNotificationChoicesSchema>;

export const myNotificationChoicesParamsSchema = customerParamsSchema;

/**
 * Whether a person hears of an event by this medium. `undefined` choices: the person is no contact of
 * the customer (staff, or a member without a contact row), who keeps what the portal always sent:
 * e-mail about tickets and availability, nothing in chat.
 */
export function wantsNotification(
  choices: NotificationChoices | undefined,
  event: NotificationEvent,
  medium: 'email' | 'chat',
): boolean {
  if (!choices) return medium === 'email' && (event === 'ticket_updates' || event === 'availability');
  return choices[medium].includes(event);
}
