import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { contactsQueries } from './contacts-queries.ts';

/** PUT contacts/technical-emails: the whole list. */
export function useSaveTechnicalEmails(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<{ emails: string[] }, ApiError | Error, string[]>({
    mutationFn: (emails) =>
      dataOf(
        api.PUT('/api/v2/customer/{customer_id}/contacts/technical-emails', {
          params: { path: { customer_id: customerId } },
          body: { emails },
        }),
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(contactsQueries.technicalEmails(api, customerId).queryKey, answer),
  });
}
