import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';

/** DELETE tickets/{id}/watchers/{user_id}: the user stops following the ticket (oneself too). */
export function useRemoveWatcher(customerId: number, ticketId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError | Error, string>({
    mutationFn: (userId) =>
      dataOf(
        api.DELETE('/api/v2/customer/{customer_id}/tickets/{ticket_id}/watchers/{user_id}', {
          params: { path: { customer_id: customerId, ticket_id: ticketId, user_id: userId } },
        }),
      ),
    // The ticket, its candidates and the lists (a watcher without ticket-read-all loses it from theirs).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueries.customer(customerId) }),
  });
}
