import type { Ticket, TicketStatus } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';

/** PATCH tickets/{id}: close, reopen or (staff) any status, without a message. */
export function useChangeTicketStatus(customerId: number, ticketId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, TicketStatus>({
    mutationFn: (status) =>
      dataOf(
        api.PATCH('/api/v2/customer/{customer_id}/tickets/{ticket_id}', {
          params: { path: { customer_id: customerId, ticket_id: ticketId } },
          body: { status },
        }),
      ),
    onSuccess: async (ticket) => {
      const { queryKey } = ticketsQueries.detail(api, customerId, ticketId);
      queryClient.setQueryData(queryKey, ticket);
      // Refetched as well: the thread must match the server, which may have more by now.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: ticketsQueries.lists(customerId) }),
      ]);
    },
  });
}
