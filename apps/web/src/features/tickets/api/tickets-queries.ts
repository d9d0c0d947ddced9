import type { TicketSummary } from '@portaal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { TicketFilters } from '../utils/search-params.ts';

/** Tickets per page of the overview (the API's default page size). */
export const TICKET_PAGE_SIZE = 25;

export interface TicketPage {
  tickets: TicketSummary[];
  /** The cursor of the next page, from the Link header; undefined on the last page. */
  nextCursor: string | undefined;
}

const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);

/** Query-option factories of the tickets domain; they own the query keys, all scoped by customer. */
export const ticketsQueries = {
  all: () => ['tickets'] as const,
  customer: (customerId: number) => [...ticketsQueries.all(), customerId] as const,
  lists: (customerId: number) => [...ticketsQueries.customer(customerId), 'list'] as const,
  list: (api: ApiClient, customerId: number, filters: TicketFilters) =>
    infiniteQueryOptions({
      queryKey: [...ticketsQueries.lists(customerId), filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<TicketPage> => {
        const { data, response } = await api.GET('/api/v2/customer/{customer_id}/tickets', {
          params: {
            path: { customer_id: customerId },
            query: {
              status: list(filters.status),
              priority: list(filters.priority),
              category: list(filters.category),
              search: filters.search || undefined,
              limit: TICKET_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { tickets: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
    }),
  details: (customerId: number) => [...ticketsQueries.customer(customerId), 'detail'] as const,
  detail: (api: ApiClient, customerId: number, ticketId: number) =>
    queryOptions({
      queryKey: [...ticketsQueries.details(customerId), ticketId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/tickets/{ticket_id}', {
            params: { path: { customer_id: customerId, ticket_id: ticketId } },
            signal,
          }),
        ),
      // A thread is a conversation: coming back to the tab shows the replies written meanwhile.
      refetchOnWindowFocus: true,
    }),
  requestTypes: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...ticketsQueries.customer(customerId), 'request-types'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/request-types', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      // Roles and configuration change rarely; the server checks again on submit.
      staleTime: 5 * 60_000,
    }),
};
