import type { Ticket } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contractsQueries } from './contracts-queries.ts';

/** POST contracts/{id}/end-request: files an administrative ticket; the contract then shows it. */
export function useRequestContractEnd(customerId: number, contractId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Ticket, ApiError | Error, { end_date: string; reason?: string }>({
    mutationFn: (body) =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/contracts/{contract_id}/end-request', {
          params: { path: { customer_id: customerId, contract_id: contractId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractsQueries.customer(customerId) }),
  });
}
