import type { GraphType } from '@portaal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

export interface TrendsParams {
  serverIds: string[];
  graph: GraphType;
  from: string;
  to: string;
  width: number;
}

/** Query-option factories of the trends domain; they own the query keys, all scoped by customer. */
export const trendsQueries = {
  all: () => ['trends'] as const,
  customer: (customerId: number) => [...trendsQueries.all(), customerId] as const,
  servers: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...trendsQueries.customer(customerId), 'servers'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/servers', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      // The current load is a minute old at most: refreshed while the page stays open.
      refetchInterval: 60_000,
    }),
  series: (api: ApiClient, customerId: number, params: TrendsParams) =>
    queryOptions({
      queryKey: [...trendsQueries.customer(customerId), 'series', params] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/trends', {
            params: {
              path: { customer_id: customerId },
              query: {
                server_ids: params.serverIds.join(','),
                graph: params.graph,
                from: params.from,
                to: params.to,
                width: params.width,
              },
            },
            signal,
          }),
        ),
      // Changing the range keeps the old chart in place until the new one arrives.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
