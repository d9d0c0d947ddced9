import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

export const administrationQueries = {
  overview: (api: ApiClient, customerId: number) =>
    queryOptions({
      // Under the invoices key: an invoice push or change shows here too when those are refreshed.
      queryKey: ['administration', customerId, 'overview'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/administration', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
};
