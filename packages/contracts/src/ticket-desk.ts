import { z } from 'zod';
import { commaList, cursorSchema, customerIdSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { deskViews, lastReplyBy, openTicketStatuses, savedReplyLanguages } from './desk-rules.ts';
import { text } from './text.ts';
import { ticketCategories } from './ticket-rules.ts';
import { personSchema, ticketIdSchema, ticketSummarySchema } from './tickets.ts';

/** A staff member's user id (the IdP subject). */
const userIdSchema = text({ error: 'must be a user id' })
  .min(1, 'must be a user id')
  .max(200, 'must be at most 200 characters');

const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  commaList.pipe(
    z.array(z.enum(values, { error: `must be one of ${values.join(', ')}` })).max(10, 'has too many values'),
  );

/** GET /api/admin/v2/tickets: the staff queue over all customers, open tickets only. */
export const deskQueueQuerySchema = z.object({
  view: z.enum(deskViews, { error: `must be one of ${deskViews.join(', ')}` }).optional(),
  customer_id: customerIdSchema.optional(),
  status: enumList(openTicketStatuses).optional(),
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
  category: enumList(ticketCategories).optional(),
  /** A staff member's user id, or "none" for unassigned tickets. */
  assignee: userIdSchema.optional(),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type DeskQueueQuery = z.infer<typeof deskQueueQuerySchema>;

/** The filters of the queue without view and paging: the counts answer for the same filters. */
export const deskCountsQuerySchema = deskQueueQuerySchema.omit({ view: true, limit: true, cursor: true });
export type DeskCountsQuery = z.infer<typeof deskCountsQuerySchema>;

export const deskTicketSchema = ticketSummarySchema
  .extend({
    customer_name: z.string(),
    assignee: personSchema.nullable(),
    last_reply_by: z.enum(lastReplyBy),
    /** When the desk's answer is due (the customer wrote last), or null when nothing awaits the desk. */
    desk_due_at: isoDateTimeSchema.nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: 'DeskTicket' });
export type DeskTicket = z.infer<typeof deskTicketSchema>;

export const deskCountsSchema = z
  .object({
    open: z.number().int(),
    new: z.number().int(),
    awaiting_desk: z.number().int(),
    overdue: z.number().int(),
    mine: z.number().int(),
    unassigned: z.number().int(),
  })
  .meta({ id: 'DeskCounts' });
export type DeskCounts = z.infer<typeof deskCountsSchema>;

export const deskTicketParamsSchema = z.object({ ticket_id: ticketIdSchema });

/** GET /api/admin/v2/tickets/{ticket_id}: where a ticket lives, so that staff open it by number alone. */
export const ticketLocationSchema = z
  .object({ ticket_id: z.number().int(), customer_id: z.number().int(), customer_name: z.string() })
  .meta({ id: 'TicketLocation' });
export type TicketLocation = z.infer<typeof ticketLocationSchema>;

/** PUT /api/admin/v2/tickets/{ticket_id}/assignee: a staff member, or null to unassign. */
export const assigneeUpdateSchema = z.object({ assignee_id: userIdSchema.nullable() }).strict();
export type AssigneeUpdate = z.infer<typeof assigneeUpdateSchema>;

export const staffMemberSchema = z
  .object({ user_id: z.string(), name: z.string() })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

// ——— Saved replies ———

export const savedReplyLanguageSchema = z.enum(savedReplyLanguages, { error: 'must be en or nl' });

export const savedReplySchema = z
  .object({
    saved_reply_id: z.number().int(),
    language: savedReplyLanguageSchema,
    title: z.string(),
    body: z.string(),
    updated_at: isoDateTimeSchema,
  })
  .meta({ id: 'SavedReply' });
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedReplyInputSchema = z
  .object({
    language: savedReplyLanguageSchema,
    title: text({ error: 'is required' }).min(1, 'is required').max(120, 'must be at most 120 characters'),
    body: text({ error: 'is required', multiline: true })
      .min(1, 'is required')
      .max(20_000, 'must be at most 20000 characters'),
  })
  .strict();
export type SavedReplyInput = z.infer<typeof savedReplyInputSchema>;

export const savedReplyListQuerySchema = z.object({ language: savedReplyLanguageSchema.optional() });

export const savedReplyParamsSchema = z.object({
  saved_reply_id: z.coerce
    .number({ error: 'must be a saved reply id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});
