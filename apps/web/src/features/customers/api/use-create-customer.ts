import type { Customer } from '@portaal/contracts';
import type { CustomerCreate } from '@portaal/contracts/customer-create';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { customersQueries } from './customers-queries.ts';

/** POST /api/admin/v2/customer (staff moderators): the new customer joins every list. */
export function useCreateCustomer() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Customer, ApiError | Error, CustomerCreate>({
    mutationFn: (body) => dataOf(api.POST('/api/admin/v2/customer', { body })),
    onSuccess: (customer) => {
      queryClient.setQueryData(customersQueries.detail(api, customer.customer_id).queryKey, customer);
      // The lists (the staff list, the switcher) and the lookups (next free id, links) changed.
      return queryClient.invalidateQueries({ queryKey: customersQueries.all() });
    },
  });
}
