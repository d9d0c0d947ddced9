import type { ReportKind } from '@portaal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the reports domain; they own the query keys, all scoped by customer. */
export const reportsQueries = {
  all: () => ['reports'] as const,
  customer: (customerId: number) => [...reportsQueries.all(), customerId] as const,
  list: (api: ApiClient, customerId: number, filter: { kind?: ReportKind; period?: string }) =>
    queryOptions({
      queryKey: [...reportsQueries.customer(customerId), 'list', filter] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/reports', {
            params: {
              path: { customer_id: customerId },
              query: { kind: filter.kind, period: filter.period },
            },
            signal,
          }),
        ),
    }),
  detail: (api: ApiClient, customerId: number, displayId: string) =>
    queryOptions({
      queryKey: [...reportsQueries.customer(customerId), 'detail', displayId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/reports/{display_id}', {
            params: { path: { customer_id: customerId, display_id: displayId } },
            signal,
          }),
        ),
      // A kept report never changes.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
