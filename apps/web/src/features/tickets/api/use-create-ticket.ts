import type { Ticket, TicketCategory, TicketPriority } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { requestBody } from '../utils/request-body.ts';
import { ticketsQueries } from './tickets-queries.ts';

export interface NewTicket {
  category: TicketCategory;
  subject: string;
  description: string;
  priority: TicketPriority;
  files: File[];
}

/** POST tickets: JSON, or multipart when files are attached. Answers the new ticket's detail. */
export function useCreateTicket(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, NewTicket>({
    mutationFn: ({ files, ...fields }) =>
      api.request<Ticket>({
        operation: 'createTicket',
        path: '/api/v2/customer/{customer_id}/tickets',
        method: 'POST',
        params: { customer_id: customerId },
        body: requestBody(fields, files),
      }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticket.ticket_id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketsQueries.lists(customerId) });
    },
  });
}
