import {
  isSearchable,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@portaal/contracts/ticket-rules';
import { textParam } from '../../../lib/search-params.ts';

/** The API's limit on the search text (ticketListQuerySchema). */
export const TICKET_SEARCH_MAX_LENGTH = 200;

/**
 * /support search params as they stand in the URL: lists comma-separated (?status=new,open&priority=1),
 * which reads better in a shared link than the router's JSON arrays.
 */
export interface SupportSearch {
  q?: string;
  status?: string;
  priority?: string;
  category?: string;
  /** Closed tickets too, when no status is chosen (the list shows open tickets by default). */
  closed?: true;
}

export interface TicketFilters {
  search: string;
  status: TicketStatus[];
  priority: TicketPriority[];
  category: TicketCategory[];
  closed: boolean;
}

export const noFilters: TicketFilters = { search: '', status: [], priority: [], category: [], closed: false };

/** The open statuses other than "awaiting your reply", which the list shows in a section of its own first. */
export const OTHER_OPEN_STATUSES: readonly TicketStatus[] = ['new', 'open', 'in_progress'];

/** The known values of a comma list (or a lone number the router parsed), once each, in a fixed order. */
export function pickList<T extends string | number>(raw: unknown, allowed: readonly T[]): T[] {
  const parts =
    typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [String(raw)] : ([] as string[]);
  const wanted = new Set(parts.map((part) => part.trim()));
  return allowed.filter((value) => wanted.has(String(value)));
}

export const joined = (values: readonly (string | number)[]) =>
  values.length > 0 ? values.join(',') : undefined;

/** The router's validateSearch for /support: unknown values are dropped, never an error page. */
export function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  const q = textParam(search.q, TICKET_SEARCH_MAX_LENGTH);
  const result: SupportSearch = {
    q: q?.trim() ? q : undefined,
    status: joined(pickList(search.status, ticketStatuses)),
    priority: joined(pickList(search.priority, ticketPriorities)),
    category: joined(pickList(search.category, ticketCategories)),
    closed:
      search.closed === true || search.closed === 'true' || search.closed === 1 || search.closed === '1'
        ? true
        : undefined,
  };
  // Leave out what is not set, so the URL carries no empty keys.
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

/** The filters the list applies; a search too short to apply is left out until it is long enough. */
export function filtersFromSearch(search: SupportSearch): TicketFilters {
  const text = (search.q ?? '').trim();
  return {
    search: isSearchable(text) ? text : '',
    status: pickList(search.status, ticketStatuses),
    priority: pickList(search.priority, ticketPriorities),
    category: pickList(search.category, ticketCategories),
    closed: search.closed === true,
  };
}

/**
 * The lists the ticket screen shows for these filters: the chosen statuses as one list; with none
 * chosen, what awaits the user's reply, then the other open tickets (and the closed ones when asked
 * for). The screen and its route's loader read the same lists.
 */
export function listSections(filters: TicketFilters): { awaiting?: TicketFilters; list: TicketFilters } {
  if (filters.status.length > 0) return { list: filters };
  return {
    awaiting: { ...filters, status: ['awaiting_reply'] },
    list: {
      ...filters,
      status: filters.closed ? [...OTHER_OPEN_STATUSES, 'closed'] : [...OTHER_OPEN_STATUSES],
    },
  };
}

export function searchFromFilters(filters: TicketFilters): SupportSearch {
  return validateSupportSearch({
    q: filters.search,
    status: filters.status.join(','),
    priority: filters.priority.join(','),
    category: filters.category.join(','),
    closed: filters.closed ? true : undefined,
  });
}

export function hasFilters(filters: TicketFilters): boolean {
  return (
    filters.search !== '' ||
    filters.status.length > 0 ||
    filters.priority.length > 0 ||
    filters.category.length > 0 ||
    filters.closed
  );
}

/** What the new-ticket page opens with: a support request or one of the change requests. */
export const requestKinds = ['ticket', 'address', 'bank-account', 'end-contract'] as const;
export type RequestKind = (typeof requestKinds)[number];

export function validateNewTicketSearch(search: Record<string, unknown>): { request?: RequestKind } {
  const request = requestKinds.find((kind) => kind === search.request);
  return request ? { request } : {};
}

/** A ticket number or customer id from the URL: a positive safe integer, or undefined for anything else. */
export function parseTicketId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The ticket page's search: ?customer= from a notification mail's link. */
export function validateTicketSearch(search: Record<string, unknown>): { customer?: number } {
  const customer = parseTicketId(String(search.customer ?? ''));
  return customer === undefined ? {} : { customer };
}
