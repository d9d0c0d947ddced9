import type { Contact, ContactInput } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** POST contacts (no id) or PUT contacts/{id}: the whole contact. */
export function useSaveContact(customerId: number, contactId?: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Contact, ApiError | Error, ContactInput>({
    mutationFn: (body) =>
      contactId === undefined
        ? api.request<Contact>({
            operation: 'createContact',
            path: '/api/v2/customer/{customer_id}/contacts',
            method: 'POST',
            params: { customer_id: customerId },
            body,
          })
        : api.request<Contact>({
            operation: 'updateContact',
            path: '/api/v2/customer/{customer_id}/contacts/{contact_id}',
            method: 'PUT',
            params: { customer_id: customerId, contact_id: contactId },
            body,
          }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactsQueries.detail(api, customerId, contact.contact_id).queryKey, contact);
      return queryClient.invalidateQueries({ queryKey: contactsQueries.customer(customerId) });
    },
  });
}
