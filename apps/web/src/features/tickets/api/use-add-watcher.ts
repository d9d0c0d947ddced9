import type { Ticket } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';
import { watcherQueries } from './watcher-queries.ts';

/** PUT tickets/{id}/watchers/{user_id}: a user of the customer follows the ticket. */
export function useAddWatcher(customerId: number, ticketId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, string>({
    mutationFn: (userId) =>
      dataOf(
        api.PUT('/api/v2/customer/{customer_id}/tickets/{ticket_id}/watchers/{user_id}', {
          params: { path: { customer_id: customerId, ticket_id: ticketId, user_id: userId } },
        }),
      ),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticketId).queryKey, ticket);
      await queryClient.invalidateQueries({
        queryKey: watcherQueries.candidates(api, customerId, ticketId).queryKey,
      });
    },
  });
}
