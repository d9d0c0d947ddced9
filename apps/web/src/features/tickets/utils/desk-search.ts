import {
  type DeskView,
  deskViews,
  type OpenTicketStatus,
  openTicketStatuses,
} from '@portaal/contracts/desk-rules';
import {
  type TicketCategory,
  type TicketPriority,
  ticketCategories,
  ticketPriorities,
} from '@portaal/contracts/ticket-rules';
import { idParam, textParam } from '../../../lib/search-params.ts';
import { joined, pickList } from './search-params.ts';

/** /admin/tickets search params as they stand in the URL (lists comma-separated). */
export interface DeskSearch {
  view?: DeskView;
  customer?: number;
  status?: string;
  priority?: string;
  category?: string;
  /** A staff member's user id, or "none". */
  assignee?: string;
}

export interface DeskFilters {
  view?: DeskView;
  customer?: number;
  status: OpenTicketStatus[];
  priority: TicketPriority[];
  category: TicketCategory[];
  assignee?: string;
}

/** The router's validateSearch for /admin/tickets: unknown values are dropped, never an error page. */
export function validateDeskSearch(search: Record<string, unknown>): DeskSearch {
  const assignee = textParam(search.assignee, 200)?.trim();
  const result: DeskSearch = {
    view: deskViews.find((view) => view === search.view),
    customer: idParam(search.customer),
    status: joined(pickList(search.status, openTicketStatuses)),
    priority: joined(pickList(search.priority, ticketPriorities)),
    category: joined(pickList(search.category, ticketCategories)),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refused, as the API does.
    assignee: assignee && !/[\u0000-\u001f\u007f]/.test(assignee) ? assignee : undefined,
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

export function deskFiltersFromSearch(search: DeskSearch): DeskFilters {
  return {
    view: search.view,
    customer: search.customer,
    status: pickList(search.status, openTicketStatuses),
    priority: pickList(search.priority, ticketPriorities),
    category: pickList(search.category, ticketCategories),
    assignee: search.assignee,
  };
}

export function deskSearchFromFilters(filters: DeskFilters): DeskSearch {
  return validateDeskSearch({
    view: filters.view,
    customer: filters.customer,
    status: joined(filters.status),
    priority: joined(filters.priority),
    category: joined(filters.category),
    assignee: filters.assignee,
  });
}
