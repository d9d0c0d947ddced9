import { z } from 'zod';
import { cursorSchema, isoDateTimeSchema, limitSchema } from './common.ts';
import { calendarDateSchema } from './invoices.ts';
import { text } from './text.ts';

/** One change in the audit log (DESIGN.md §8). */
export const auditEventSchema = z
  .object({
    id: z.number().int(),
    at: isoDateTimeSchema,
    customer_id: z.number().int().nullable(),
    actor_id: z.string(),
    actor_name: z.string(),
    /** Dotted: `contact.update`, `customer.po_number`, `ticket.status`, `kubeconfig.download`. */
    action: z.string(),
    object: z.string(),
    summary: z.string(),
    request_id: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  actor: text()
    .min(1)
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('Actor id (token subject)'),
  action: text()
    .max(60, 'must be at most 60 characters')
    .regex(/^[a-z_.]*$/, 'must be an action or its first part, e.g. "contact"')
    .optional()
    .describe('An action (`contact.update`) or its first part (`contact`)'),
  from: calendarDateSchema.optional().describe('On or after this day (UTC)'),
  to: calendarDateSchema.optional().describe('On or before this day (UTC)'),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Who acted in a customer's log, for the person filter. */
export const auditActorSchema = z
  .object({ actor_id: z.string(), actor_name: z.string() })
  .meta({ id: 'AuditActor' });
export type AuditActor = z.infer<typeof auditActorSchema>;
