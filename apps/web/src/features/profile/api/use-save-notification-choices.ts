import type { MyNotificationChoices, NotificationChoices } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { notificationChoicesQueries } from './notification-choices-queries.ts';

/** PUT /api/v2/me/notification-choices/{customer_id}: the caller's own choices in one customer. */
export function useSaveNotificationChoices() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<
    MyNotificationChoices,
    ApiError | Error,
    { customerId: number; choices: NotificationChoices }
  >({
    mutationFn: ({ customerId, choices }) =>
      dataOf(
        api.PUT('/api/v2/me/notification-choices/{customer_id}', {
          params: { path: { customer_id: customerId } },
          body: choices,
        }),
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationChoicesQueries.list(api).queryKey, (list) =>
        list?.map((entry) => (entry.customer_id === saved.customer_id ? saved : entry)),
      ),
  });
}
