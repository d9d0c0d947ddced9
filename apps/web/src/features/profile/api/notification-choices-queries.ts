import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** The caller's notification choices per customer; the key lives under the caller's own data. */
export const notificationChoicesQueries = {
  all: () => ['me', 'notification-choices'] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: notificationChoicesQueries.all(),
      queryFn: ({ signal }) => dataOf(api.GET('/api/v2/me/notification-choices', { signal })),
    }),
};
