import type { AgreementChangeInput, AgreementChangeResult } from '@portaal/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { agreementsQueries } from './agreements-queries.ts';

/** POST …/agreement/changes: adds (or renews) and answers the agreement after it. */
export function useAddAgreementChange(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<AgreementChangeResult, ApiError | Error, AgreementChangeInput>({
    mutationFn: (body) =>
      dataOf(
        api.POST('/api/admin/v2/customer/{customer_id}/agreement/changes', {
          params: { path: { customer_id: customerId } },
          body,
        }),
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(agreementsQueries.detail(api, customerId).queryKey, result.agreement);
      return queryClient.invalidateQueries({ queryKey: agreementsQueries.changes(api, customerId).queryKey });
    },
  });
}
