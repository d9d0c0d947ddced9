import type { DeskTicket } from '@portaal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { DeskFilters } from '../utils/desk-search.ts';
import { TICKET_PAGE_SIZE } from './tickets-queries.ts';

export interface DeskPage {
  tickets: DeskTicket[];
  nextCursor: string | undefined;
}

const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);

/** The filters as the API's query (view, paging and counts share them). */
function filterQuery(filters: DeskFilters) {
  return {
    customer_id: filters.customer,
    status: list(filters.status),
    priority: list(filters.priority),
    category: list(filters.category),
    assignee: filters.assignee,
  };
}

/** Query-option factories of the service desk (staff): the queue over all customers and its helpers. */
export const deskQueries = {
  all: () => ['desk'] as const,
  queues: () => [...deskQueries.all(), 'queue'] as const,
  queue: (api: ApiClient, filters: DeskFilters) =>
    infiniteQueryOptions({
      queryKey: [...deskQueries.queues(), filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<DeskPage> => {
        const { data, response } = await api.GET('/api/admin/v2/tickets', {
          params: {
            query: {
              ...filterQuery(filters),
              view: filters.view,
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
      // The desk's morning: new tickets arrive while the queue is open.
      refetchInterval: 60_000,
    }),
  counts: (api: ApiClient, filters: DeskFilters) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'counts', { ...filters, view: undefined }] as const,
      queryFn: ({ signal }) =>
        dataOf(api.GET('/api/admin/v2/tickets/counts', { params: { query: filterQuery(filters) }, signal })),
      refetchInterval: 60_000,
    }),
  staff: (api: ApiClient) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'staff'] as const,
      queryFn: ({ signal }) => dataOf(api.GET('/api/admin/v2/staff', { signal })),
      staleTime: 5 * 60_000,
    }),
  savedReplies: (api: ApiClient) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'saved-replies'] as const,
      queryFn: ({ signal }) => dataOf(api.GET('/api/admin/v2/saved-replies', { signal })),
      staleTime: 5 * 60_000,
    }),
  location: (api: ApiClient, ticketId: number) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'location', ticketId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/admin/v2/tickets/{ticket_id}', { params: { path: { ticket_id: ticketId } }, signal }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
