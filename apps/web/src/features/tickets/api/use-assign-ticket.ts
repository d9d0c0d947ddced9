import type { Ticket } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { deskQueries } from './desk-queries.ts';
import { ticketsQueries } from './tickets-queries.ts';

/** PUT /api/admin/v2/tickets/{id}/assignee (staff): a staff member's id, or null to unassign. */
export function useAssignTicket(customerId: number, ticketId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, string | null>({
    mutationFn: (assigneeId) =>
      dataOf(
        api.PUT('/api/admin/v2/tickets/{ticket_id}/assignee', {
          params: { path: { ticket_id: ticketId } },
          body: { assignee_id: assigneeId },
        }),
      ),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticketId).queryKey, ticket);
      await queryClient.invalidateQueries({ queryKey: deskQueries.all() });
    },
  });
}
