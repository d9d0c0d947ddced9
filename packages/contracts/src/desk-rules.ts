/** Pure rules and vocabularies of the service desk (staff); no zod, so the web app imports them cheaply. */
import type { TicketPriority } from './ticket-rules.ts';

// ——— The service desk (staff) ———

/** Statuses of the work the service desk still has: the staff queue holds these, never closed tickets. */
export const openTicketStatuses = ['new', 'open', 'in_progress', 'awaiting_reply'] as const;
export type OpenTicketStatus = (typeof openTicketStatuses)[number];

/** The staff queue's views: each a question the desk asks in the morning. */
export const deskViews = ['new', 'awaiting_desk', 'overdue', 'mine', 'unassigned'] as const;
export type DeskView = (typeof deskViews)[number];

/**
 * Default response targets in minutes per priority (SPEC.md §4: 1 High, 2 Normal, 3 Low): how long the
 * desk may take to answer after the customer wrote. Configurable with TICKET_RESPONSE_TARGETS.
 */
export const defaultResponseTargetMinutes: Readonly<Record<TicketPriority, number>> = {
  1: 60,
  2: 240,
  3: 1440,
};

/** Who wrote the last visible message: the customer or the service desk. */
export const lastReplyBy = ['customer', 'staff'] as const;
export type LastReplyBy = (typeof lastReplyBy)[number];

/** Languages of saved replies: the portal's languages (SPEC.md §9). */
export const savedReplyLanguages = ['en', 'nl'] as const;
export type SavedReplyLanguage = (typeof savedReplyLanguages)[number];
