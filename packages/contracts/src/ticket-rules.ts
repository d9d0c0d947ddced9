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

/** Why one file of a list may not be sent; every refusal names its file. */
export type AttachmentRefusal =
  | { code: 'ATTACHMENT_TYPE_NOT_ALLOWED'; file: string }
  | { code: 'ATTACHMENT_EMPTY'; file: string }
  | { code: 'ATTACHMENT_TOO_MANY'; file: string; max: number }
  | { code: 'ATTACHMENT_TOO_LARGE'; file: string; maxBytes: number };

/**
 * The checks both sides can make before upload: extension, emptiness, count, total size. Every
 * refused file is named once, with its first reason, so that the user can mend them all at once. The
 * count and the total are those of the files that would be sent: past the count, the files chosen
 * last are refused; past the total, each file that does not fit next to the accepted ones before it.
 */
export function attachmentRefusals(
  files: readonly { name: string; size: number }[],
  rules: AttachmentRules,
): AttachmentRefusal[] {
  const refusals: AttachmentRefusal[] = [];
  let count = 0;
  let total = 0;
  for (const file of files) {
    if (!rules.extensions.includes(fileExtension(file.name))) {
      refusals.push({ code: 'ATTACHMENT_TYPE_NOT_ALLOWED', file: file.name });
    } else if (file.size === 0) {
      refusals.push({ code: 'ATTACHMENT_EMPTY', file: file.name });
    } else if (count >= rules.maxFiles) {
      refusals.push({ code: 'ATTACHMENT_TOO_MANY', file: file.name, max: rules.maxFiles });
    } else if (total + file.size > rules.maxTotalBytes) {
      refusals.push({ code: 'ATTACHMENT_TOO_LARGE', file: file.name, maxBytes: rules.maxTotalBytes });
    } else {
      count += 1;
      total += file.size;
    }
  }
  return refusals;
}

/** SPEC.md §9: the shortest search text, a ticket number aside. */
export const TICKET_SEARCH_MIN_LENGTH = 3;

/** SPEC.md §9: a ticket search needs 3 characters, a ticket number ("42", "#42") excepted. */
export function isSearchable(text: string): boolean {
  const value = text.trim();
  return value.length >= TICKET_SEARCH_MIN_LENGTH || /^#?\d+$/.test(value);
}
