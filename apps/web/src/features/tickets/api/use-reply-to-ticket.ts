import type { Ticket, TicketStatus } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { requestBody } from '../utils/request-body.ts';
import { ticketsQueries } from './tickets-queries.ts';

export interface TicketReplyInput {
  body: string;
  /** Staff only. */
  internal?: boolean;
  status?: TicketStatus;
  files: File[];
}

/** POST tickets/{id}/messages: the answer is the whole ticket, so the thread shows the reply at once. */
export function useReplyToTicket(customerId: number, ticketId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, TicketReplyInput>({
    mutationFn: ({ files, ...fields }) =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/tickets/{ticket_id}/messages', {
          params: { path: { customer_id: customerId, ticket_id: ticketId } },
          // JSON, or multipart/form-data with the same fields when there are files.
          body: requestBody(fields, files) as never,
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
