import type { NotificationSummary } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { notificationsQueries } from './notifications-queries.ts';

/** POST /api/v2/me/notifications/read-all; the answer is the new summary. */
export function useMarkAllNotificationsRead() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<NotificationSummary, ApiError | Error, void>({
    mutationFn: () => dataOf(api.POST('/api/v2/me/notifications/read-all')),
    onSuccess: (summary) => {
      // The badge drops to the answer at once; the lists are refetched to show every item as read.
      if (summary) queryClient.setQueryData(notificationsQueries.summary(api).queryKey, summary);
      return queryClient.invalidateQueries({ queryKey: notificationsQueries.lists() });
    },
  });
}
