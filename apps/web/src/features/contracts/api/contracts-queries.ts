import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { ContractFilters } from '../utils/search-params.ts';

export const CONTRACTS_PAGE_SIZE = 25;

/** Query-option factories of the contracts; they own the query keys, all scoped by customer. */
export const contractsQueries = {
  all: () => ['contracts'] as const,
  customer: (customerId: number) => [...contractsQueries.all(), customerId] as const,
  list: (api: ApiClient, customerId: number, filters: ContractFilters) =>
    infiniteQueryOptions({
      queryKey: [...contractsQueries.customer(customerId), 'list', filters] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, response } = await api.GET('/api/v2/customer/{customer_id}/contracts', {
          params: {
            path: { customer_id: customerId },
            query: {
              q: filters.q || undefined,
              status: filters.status || undefined,
              show_ended: filters.showEnded ? 'true' : undefined,
              limit: CONTRACTS_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 30_000,
    }),
  detail: (api: ApiClient, customerId: number, id: string) =>
    queryOptions({
      queryKey: [...contractsQueries.customer(customerId), 'detail', id] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/contracts/{contract_id}', {
            params: { path: { customer_id: customerId, contract_id: id } },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
};
