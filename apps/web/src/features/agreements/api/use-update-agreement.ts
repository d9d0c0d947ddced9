import type { Agreement, AgreementUpdate } from '@portaal/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { agreementsQueries } from './agreements-queries.ts';

/** PUT …/agreement: the PO number and unit. */
export function useUpdateAgreement(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Agreement, ApiError | Error, AgreementUpdate>({
    mutationFn: (body) =>
      dataOf(
        api.PUT('/api/admin/v2/customer/{customer_id}/agreement', {
          params: { path: { customer_id: customerId } },
          body,
        }),
      ),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementsQueries.detail(api, customerId).queryKey, agreement);
    },
  });
}
