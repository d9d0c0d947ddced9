import type { ContactSummary } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** PUT contacts/call-list: these contacts, in this order. */
export function useSaveCallList(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<ContactSummary[], ApiError | Error, number[]>({
    mutationFn: (contactIds) =>
      dataOf(
        api.PUT('/api/v2/customer/{customer_id}/contacts/call-list', {
          params: { path: { customer_id: customerId } },
          body: { contact_ids: contactIds },
        }),
      ),
    onSuccess: (list) => {
      queryClient.setQueryData(contactsQueries.callList(api, customerId).queryKey, list);
      return queryClient.invalidateQueries({ queryKey: contactsQueries.list(api, customerId).queryKey });
    },
  });
}
