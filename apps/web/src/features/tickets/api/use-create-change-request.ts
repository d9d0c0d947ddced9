import type {
  AddressChangeRequest,
  BankAccountChangeRequest,
  EndContractRequest,
  Ticket,
} from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { ticketsQueries } from './tickets-queries.ts';

export type ChangeRequest =
  | { kind: 'address'; body: AddressChangeRequest }
  | { kind: 'bank-account'; body: BankAccountChangeRequest }
  | { kind: 'end-contract'; body: EndContractRequest & { contract_reference: string } };

/**
 * DESIGN.md §4: POST change-requests for an address or bank account, POST contracts/{id}/end-request
 * to end a contract. Each creates an administrative ticket, answered as its detail.
 */
export function useCreateChangeRequest(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, ChangeRequest>({
    mutationFn: (request) => {
      if (request.kind === 'end-contract') {
        const { contract_reference, ...body } = request.body;
        return dataOf(
          api.POST('/api/v2/customer/{customer_id}/contracts/{contract_id}/end-request', {
            params: { path: { customer_id: customerId, contract_id: contract_reference } },
            body,
          }),
        );
      }
      return dataOf(
        api.POST('/api/v2/customer/{customer_id}/change-requests', {
          params: { path: { customer_id: customerId } },
          body:
            request.kind === 'address'
              ? { type: 'address', ...request.body }
              : { type: 'bank_account', ...request.body },
        }),
      );
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketsQueries.detail(api, customerId, ticket.ticket_id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: ticketsQueries.lists(customerId) });
    },
  });
}
