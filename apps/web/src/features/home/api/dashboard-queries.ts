import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** The dashboard's panels of one customer, in one request (apps/api/src/modules/dashboard). */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  customer: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), customerId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/dashboard', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      // Coming back to the tab shows what arrived meanwhile.
      refetchOnWindowFocus: true,
    }),
};
