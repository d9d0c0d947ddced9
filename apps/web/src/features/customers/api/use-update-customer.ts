import type { Customer, CustomerUpdate } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { customersQueries } from './customers-queries.ts';

/** PUT /api/v2/customer/{id}: the usage PO number (the only field customers may change). */
export function useUpdateCustomer(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Customer, ApiError | Error, CustomerUpdate>({
    mutationFn: (update) =>
      dataOf(
        api.PUT('/api/v2/customer/{customer_id}', {
          params: { path: { customer_id: customerId } },
          body: update,
        }),
      ),
    onSuccess: (customer) => {
      queryClient.setQueryData(customersQueries.detail(api, customerId).queryKey, customer);
      // Lists carry the customer too (the switcher, staff search).
      return queryClient.invalidateQueries({ queryKey: customersQueries.lists() });
    },
  });
}
