/** Pure ticket rules and vocabularies; no zod here, so the web app can import them cheaply. */
import type { CustomerRole } from './rights.ts';

export const ticketStatuses = ['new', 'open', 'in_progress', 'awaiting_reply', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** SPEC.md §4: 1 High, 2 Normal, 3 Low. */
export const ticketPriorities = [1, 2, 3] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketCategories = ['technical_request', 'administrative_request', 'incident_request'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const ticketDepartments = ['service_desk', 'technical_support', 'administration'] as const;
export type TicketDepartment = (typeof ticketDepartments)[number];

/** The department that handles a category; incidents go to the service desk first. */
export const departmentForCategory: Readonly<Record<TicketCategory, TicketDepartment>> = {
  technical_request: 'technical_support',
  administrative_request: 'administration',
  incident_request: 'service_desk',
};

/** DESIGN.md §2: request types in the new-ticket flow per role. Staff may file every type. */
export const requestTypesByRole: Readonly<Record<CustomerRole, readonly TicketCategory[]>> = {
  owner: ticketCategories,
  financial_moderator: ['administrative_request'],
  financial_viewer: ['administrative_request'],
  technical_viewer: ['technical_request', 'incident_request'],
  viewer: ['technical_request'],
};

/** Incidents are urgent: the new-ticket screen asks the user to call the service desk (SPEC.md §9). */
export const isUrgentRequest = (category: TicketCategory, priority: TicketPriority): boolean =>
  category === 'incident_request' || priority === 1;

/** Status a ticket moves to when the customer replies: a reply reopens a waiting or closed ticket. */
export function statusAfterCustomerReply(status: TicketStatus): TicketStatus {
  return status === 'awaiting_reply' || status === 'closed' ? 'open' : status;
}

/** Status a ticket moves to when staff reply without choosing one: a new ticket is picked up. */
export function statusAfterStaffReply(status: TicketStatus): TicketStatus {
  return status === 'new' ? 'open' : status;
}

/** Customers may only close their ticket or reopen a closed one; staff may set any status. */
export function customerMaySetStatus(from: TicketStatus, to: TicketStatus): boolean {
  if (from === to) return true;
  return to === 'closed' || (from === 'closed' && to === 'open');
}

/** Attachment rules (issue: configurable; these are the defaults). */
export const defaultAttachmentRules = {
  extensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'log', 'csv', 'zip'],
  maxFiles: 5,
  maxTotalBytes: 20 * 1024 * 1024,
} as const;

export interface AttachmentRules {
  extensions: readonly string[];
  maxFiles: number;
  maxTotalBytes: number;
}

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export type AttachmentRefusal =
  | { code: 'ATTACHMENT_TYPE_NOT_ALLOWED'; file: string }
  | { code: 'ATTACHMENT_TOO_MANY'; max: number }
  | { code: 'ATTACHMENT_TOO_LARGE'; maxBytes: number }
  | { code: 'ATTACHMENT_EMPTY'; file: string };

/** The checks both sides can make before upload: extension, count, total size, emptiness. */
export function checkAttachmentList(
  files: readonly { name: string; size: number }[],
  rules: AttachmentRules,
): AttachmentRefusal | undefined {
  if (files.length > rules.maxFiles) return { code: 'ATTACHMENT_TOO_MANY', max: rules.maxFiles };
  for (const file of files) {
    if (!rules.extensions.includes(fileExtension(file.name))) {
      return { code: 'ATTACHMENT_TYPE_NOT_ALLOWED', file: file.name };
    }
    if (file.size === 0) return { code: 'ATTACHMENT_EMPTY', file: file.name };
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > rules.maxTotalBytes) return { code: 'ATTACHMENT_TOO_LARGE', maxBytes: rules.maxTotalBytes };
  return undefined;
}

/** SPEC.md §9: the shortest search text, a ticket number aside. */
export const TICKET_SEARCH_MIN_LENGTH = 3;

/** SPEC.md §9: a ticket search needs 3 characters, a ticket number ("42", "#42") excepted. */
export function isSearchable(text: string): boolean {
  const value = text.trim();
  return value.length >= TICKET_SEARCH_MIN_LENGTH || /^#?\d+$/.test(value);
}
