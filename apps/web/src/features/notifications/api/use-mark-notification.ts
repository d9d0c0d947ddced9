import type { Notification } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { notificationsQueries } from './notifications-queries.ts';

export interface MarkNotificationInput {
  notificationId: number;
  read: boolean;
}

/** PATCH /api/v2/me/notifications/{id}: mark one notification as read or unread. */
export function useMarkNotification() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Notification, ApiError | Error, MarkNotificationInput>({
    mutationFn: ({ notificationId, read }) =>
      dataOf(
        api.PATCH('/api/v2/me/notifications/{notification_id}', {
          params: { path: { notification_id: notificationId } },
          body: { read },
        }),
      ),
    // Both the badge and every loaded list page change; the lists are short, a refetch is cheap.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueries.all() }),
  });
}
