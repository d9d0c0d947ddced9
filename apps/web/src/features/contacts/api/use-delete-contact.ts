import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** DELETE contacts/{id}. */
export function useDeleteContact(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError | Error, number>({
    mutationFn: (contactId) =>
      dataOf(
        api.DELETE('/api/v2/customer/{customer_id}/contacts/{contact_id}', {
          params: { path: { customer_id: customerId, contact_id: contactId } },
        }),
      ),
    onSuccess: (_, contactId) => {
      queryClient.removeQueries({ queryKey: contactsQueries.detail(api, customerId, contactId).queryKey });
      return queryClient.invalidateQueries({ queryKey: contactsQueries.customer(customerId) });
    },
  });
}
