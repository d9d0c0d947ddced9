import { z } from 'zod';

/** Stable problem codes (DESIGN.md §3). The web client translates by code. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'INVALID_CURRENT_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'TICKET_NOT_FOUND',
  'SERVER_NOT_FOUND',
  'APPLICATION_NOT_FOUND',
  'REPORT_NOT_FOUND',
  'REPORT_PERIOD_NOT_ENDED',
  'ATTACHMENT_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'REQUEST_TYPE_NOT_ALLOWED',
  'STATUS_CHANGE_NOT_ALLOWED',
  'INTERNAL_NOT_ALLOWED',
  'ATTACHMENT_TYPE_NOT_ALLOWED',
  'ATTACHMENT_CONTENT_MISMATCH',
  'ATTACHMENT_TOO_MANY',
  'ATTACHMENT_TOO_LARGE',
  'ATTACHMENT_EMPTY',
  'LANDSCAPE_OBJECT_NOT_FOUND',
  'INVOICE_NOT_FOUND',
  'CONTRACT_NOT_FOUND',
  'CONTRACT_END_NOT_ALLOWED',
  'ASSIGNEE_NOT_STAFF',
  'SAVED_REPLY_NOT_FOUND',
  'WATCHER_NOT_MEMBER',
  'WATCHER_IS_AUTHOR',
  'WATCHER_NOT_FOUND',
  'CONTACT_NOT_FOUND',
  'CONTACT_EMAIL_TAKEN',
  'LAST_OWNER',
  'OWN_ROLES_NOT_ALLOWED',
  'OWN_LOGIN_NOT_ALLOWED',
  'CONTACT_HAS_LOGIN',
  'CONTACT_HAS_NO_LOGIN',
  'LOGIN_TAKEN',
  'IDENTITY_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string(),
    request_id: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** The particulars of the refusal (a file name, a limit), for a client's text of the code in its own language. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
