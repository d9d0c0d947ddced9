import type { Contact, LoginRemoval } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** Keeps the detail and the customer's lists in step with a contact a login action answered. */
function useApplyContact(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return (contact: Contact) => {
    queryClient.setQueryData(contactsQueries.detail(api, customerId, contact.contact_id).queryKey, contact);
    return queryClient.invalidateQueries({ queryKey: contactsQueries.customer(customerId) });
  };
}

/** POST contacts/{id}/invite: a login and a set-password mail. */
export function useInviteContact(customerId: number, contactId: number) {
  const { api } = useSession();
  const apply = useApplyContact(customerId);
  return useMutation<Contact, ApiError | Error, void>({
    mutationFn: () =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/contacts/{contact_id}/invite', {
          params: { path: { customer_id: customerId, contact_id: contactId } },
        }),
      ),
    onSuccess: apply,
  });
}

/** POST contacts/{id}/login/invitation: a fresh set-password mail while the login has not signed in. */
export function useResendInvitation(customerId: number, contactId: number) {
  const { api } = useSession();
  const apply = useApplyContact(customerId);
  return useMutation<Contact, ApiError | Error, void>({
    mutationFn: () =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/contacts/{contact_id}/login/invitation', {
          params: { path: { customer_id: customerId, contact_id: contactId } },
        }),
      ),
    onSuccess: apply,
  });
}

/** PUT contacts/{id}/login: the login off or on. */
export function useSetLogin(customerId: number, contactId: number) {
  const { api } = useSession();
  const apply = useApplyContact(customerId);
  return useMutation<Contact, ApiError | Error, boolean>({
    mutationFn: (enabled) =>
      dataOf(
        api.PUT('/api/v2/customer/{customer_id}/contacts/{contact_id}/login', {
          params: { path: { customer_id: customerId, contact_id: contactId } },
          body: { enabled },
        }),
      ),
    onSuccess: apply,
  });
}

/** DELETE contacts/{id}/login: the contact stays; `identity: pending` when the IdP did not answer. */
export function useRemoveLogin(customerId: number, contactId: number) {
  const { api } = useSession();
  const apply = useApplyContact(customerId);
  return useMutation<LoginRemoval, ApiError | Error, void>({
    mutationFn: () =>
      dataOf(
        api.DELETE('/api/v2/customer/{customer_id}/contacts/{contact_id}/login', {
          params: { path: { customer_id: customerId, contact_id: contactId } },
        }),
      ),
    onSuccess: (removal) => apply(removal.contact),
  });
}
