import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the usage domain; they own the query keys, all scoped by customer. */
export const usageQueries = {
  all: () => ['usage'] as const,
  customer: (customerId: number) => [...usageQueries.all(), customerId] as const,
  period: (api: ApiClient, customerId: number, period: string | undefined) =>
    queryOptions({
      queryKey: [...usageQueries.customer(customerId), 'period', period ?? 'current'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/usage', {
            params: { path: { customer_id: customerId }, query: period ? { period } : {} },
            signal,
          }),
        ),
      // Choosing another month keeps the old bundles in place until the new ones arrive.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
