import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the global search; the key holds the text and the selected customer. */
export const searchQueries = {
  all: () => ['search'] as const,
  results: (api: ApiClient, q: string, customerId: number | undefined) =>
    queryOptions({
      queryKey: [...searchQueries.all(), q, customerId ?? null] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/search', {
            params: { query: { q, ...(customerId === undefined ? {} : { customer_id: customerId }) } },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
};
