import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the caller's own data; they own the query keys. */
export const meQueries = {
  all: () => ['me'] as const,
  profile: (api: ApiClient) =>
    queryOptions({
      queryKey: [...meQueries.all(), 'profile'] as const,
      queryFn: ({ signal }) => dataOf(api.GET('/api/v2/me', { signal })),
    }),
};
