import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** PUT contacts/technical-emails: the whole list. */
export function useSaveTechnicalEmails(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<{ emails: string[] }, ApiError | Error, string[]>({
    mutationFn: (emails) =>
      api.request<{ emails: string[] }>({
        operation: 'setTechnicalEmails',
        path: '/api/v2/customer/{customer_id}/contacts/technical-emails',
        method: 'PUT',
        params: { customer_id: customerId },
        body: { emails },
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(contactsQueries.technicalEmails(api, customerId).queryKey, answer),
  });
}
