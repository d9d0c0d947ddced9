import { z } from 'zod';
import { availabilityStateSchema } from './availability.ts';
import { cursorSchema, isoDateSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { ticketStatusSchema } from './tickets.ts';

export const notificationKinds = [
  'ticket_reply',
  'ticket_status',
  'ticket_assigned',
  'application_state',
  'invoice_overdue',
  'contract_renewal',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * One in-app notification. The text is not stored: the client renders it from kind and params in
 * the reader's language, so switching language translates old notifications too.
 */
export const notificationSchema = z
  .object({
    notification_id: z.number().int(),
    kind: notificationKindSchema,
    customer_id: z.number().int(),
    ticket_id: z.number().int().nullable(),
    params: z.object({
      ticket_subject: z.string().optional(),
      actor_name: z.string().optional(),
      status: ticketStatusSchema.optional(),
      /** application_state: the application and the state it changed to. */
      application_name: z.string().optional(),
      state: availabilityStateSchema.optional(),
      /** invoice_overdue: the invoice and the day it was due. */
      invoice_number: z.string().optional(),
      due_date: isoDateSchema.optional(),
      /** contract_renewal: the contract, what it is and the day it renews. */
      contract_id: z.string().optional(),
      contract_description: z.string().optional(),
      renewal_date: isoDateSchema.optional(),
    }),
    created_at: isoDateTimeSchema,
    read_at: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationParamsSchema = z.object({
  notification_id: z.coerce
    .number({ error: 'must be a notification id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
});

export const notificationUpdateSchema = z
  .object({ read: z.boolean({ error: 'must be true or false' }) })
  .strict();
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

export const notificationSummarySchema = z
  .object({ unread: z.number().int() })
  .meta({ id: 'NotificationSummary' });
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

/** A mail as kept in the outbox (DESIGN.md §1: the embedded mail target, readable by staff). */
export const outboxMailSchema = z
  .object({
    mail_id: z.number().int(),
    recipient: z.string(),
    language: z.enum(['en', 'nl']),
    subject: z.string(),
    text: z.string(),
    status: z.enum(['pending', 'sent', 'stored', 'failed']),
    attempts: z.number().int(),
    created_at: isoDateTimeSchema,
    sent_at: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListQuerySchema = z.object({ limit: limitSchema, cursor: cursorSchema });
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;
