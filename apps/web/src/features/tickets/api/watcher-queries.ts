import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';

/**
 * Users of the customer who could watch a ticket (callers who may answer it only). Apart from
 * ticketsQueries, whose file the ticket route's loader brings into the start: only the ticket screen
 * needs this.
 */
export const watcherQueries = {
  candidates: (api: ApiClient, customerId: number, ticketId: number) =>
    queryOptions({
      queryKey: [...ticketsQueries.details(customerId), ticketId, 'watcher-candidates'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/tickets/{ticket_id}/watcher-candidates', {
            params: { path: { customer_id: customerId, ticket_id: ticketId } },
            signal,
          }),
        ),
      // The company's users change rarely, and adding or removing a watcher asks again; a minute also
      // keeps the ticket route's early read (its loader) from being read again when the screen mounts.
      staleTime: 60_000,
    }),
};
