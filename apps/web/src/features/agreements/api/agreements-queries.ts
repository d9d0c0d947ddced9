import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';

export const AGREEMENT_CHANGES_PAGE_SIZE = 20;

/** Query-option factories of a customer's usage agreement (staff, /admin/agreements/{customerId}). */
export const agreementsQueries = {
  all: () => ['agreements'] as const,
  customer: (customerId: number) => [...agreementsQueries.all(), customerId] as const,
  detail: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...agreementsQueries.customer(customerId), 'detail'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/admin/v2/customer/{customer_id}/agreement', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
  changes: (api: ApiClient, customerId: number) =>
    infiniteQueryOptions({
      queryKey: [...agreementsQueries.customer(customerId), 'changes'] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, response } = await api.GET('/api/admin/v2/customer/{customer_id}/agreement/changes', {
          params: {
            path: { customer_id: customerId },
            query: { limit: AGREEMENT_CHANGES_PAGE_SIZE, cursor: pageParam },
          },
          signal,
        });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 30_000,
    }),
};
