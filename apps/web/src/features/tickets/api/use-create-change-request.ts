import type {
  AddressChangeRequest,
  BankAccountChangeRequest,
  EndContractRequest,
  Ticket,
} from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';

export type ChangeRequest =
  | { kind: 'address'; body: AddressChangeRequest }
  | { kind: 'bank-account'; body: BankAccountChangeRequest }
  | { kind: 'end-contract'; body: EndContractRequest };

/** POST change-requests/{kind}: each creates an administrative ticket, answered as its detail. */
export function useCreateChangeRequest(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, ChangeRequest>({
    mutationFn: ({ kind, body }) =>
      api.request<Ticket>({
        operation: 'createChangeRequest',
        path: '/api/v2/customer/{customer_id}/change-requests/{kind}',
        method: 'POST',
        params: { customer_id: customerId, kind },
        body,
      }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticket.ticket_id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketsQueries.lists(customerId) });
    },
  });
}
