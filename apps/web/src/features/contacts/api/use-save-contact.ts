import type { Contact, ContactInput } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** POST contacts (no id) or PUT contacts/{id}: the whole contact. */
export function useSaveContact(customerId: number, contactId?: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Contact, ApiError | Error, ContactInput>({
    mutationFn: (body) =>
      contactId === undefined
        ? dataOf(
            api.POST('/api/v2/customer/{customer_id}/contacts', {
              params: { path: { customer_id: customerId } },
              body,
            }),
          )
        : dataOf(
            api.PUT('/api/v2/customer/{customer_id}/contacts/{contact_id}', {
              params: { path: { customer_id: customerId, contact_id: contactId } },
              body,
            }),
          ),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactsQueries.detail(api, customerId, contact.contact_id).queryKey, contact);
      return queryClient.invalidateQueries({ queryKey: contactsQueries.customer(customerId) });
    },
  });
}
