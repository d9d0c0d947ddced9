import type { Notification } from '@portaal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';

/** Notifications per page of the bell's list. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** How often the unread count is asked for while the tab is visible. */
export const SUMMARY_POLL_MS = 30_000;

export type NotificationFilter = 'all' | 'unread';

export interface NotificationPage {
  notifications: Notification[];
  /** The cursor of the next page, from the Link header; undefined on the last page. */
  nextCursor: string | undefined;
}

/**
 * Query-option factories of the notifications domain; they own the query keys. Notifications belong
 * to the signed-in user, not to the selected customer, so no key carries a customer.
 */
export const notificationsQueries = {
  all: () => ['notifications'] as const,
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => dataOf(api.GET('/api/v2/me/notifications/summary', { signal })),
      // The badge is the only sign of a reply from the service desk: poll while the tab is visible
      // (TanStack pauses intervals in a hidden tab) and ask again when the user comes back to it.
      refetchInterval: SUMMARY_POLL_MS,
      refetchOnWindowFocus: true,
      // Shorter than the app's 30 s, so coming back to the tab soon after a poll still asks again.
      staleTime: 5_000,
    }),
  lists: () => [...notificationsQueries.all(), 'list'] as const,
  list: (api: ApiClient, filter: NotificationFilter) =>
    infiniteQueryOptions({
      queryKey: [...notificationsQueries.lists(), filter] as const,
      queryFn: async ({ pageParam, signal }): Promise<NotificationPage> => {
        const { data, response } = await api.GET('/api/v2/me/notifications', {
          params: {
            query: {
              unread: filter === 'unread' ? 'true' : undefined,
              limit: NOTIFICATION_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { notifications: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      // The list is only mounted while the popover is open, and dropped when it closes: every opening
      // loads the current state rather than showing an older list while it asks again.
      staleTime: 0,
      gcTime: 0,
      refetchInterval: SUMMARY_POLL_MS,
    }),
};
