import type { Ticket, TicketCategory, TicketPriority } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { requestBody } from '../utils/request-body.ts';
import { ticketsQueries } from './tickets-queries.ts';

export interface NewTicket {
  category: TicketCategory;
  subject: string;
  description: string;
  priority: TicketPriority;
  /** The server or landscape object the ticket is about. */
  landscape_object_id?: string;
  files: File[];
}

/** POST tickets: JSON, or multipart when files are attached. Answers the new ticket's detail. */
export function useCreateTicket(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, NewTicket>({
    mutationFn: ({ files, ...fields }) =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/tickets', {
          params: { path: { customer_id: customerId } },
          // JSON, or multipart/form-data with the same fields when there are files.
          body: requestBody(fields, files) as never,
        }),
      ),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticket.ticket_id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketsQueries.lists(customerId) });
    },
  });
}
