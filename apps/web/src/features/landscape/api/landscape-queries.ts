import type { LandscapeObject } from '@portaal/contracts';
import type { LandscapeKind } from '@portaal/contracts/landscape-rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { LandscapeFilters } from '../utils/search-params.ts';

/** Objects per page of a landscape table. */
export const LANDSCAPE_PAGE_SIZE = 25;

export interface LandscapePage {
  items: LandscapeObject[];
  nextCursor: string | undefined;
}

/** Query-option factories of the landscape; they own the query keys, all scoped by customer. */
export const landscapeQueries = {
  all: () => ['landscape'] as const,
  customer: (customerId: number) => [...landscapeQueries.all(), customerId] as const,
  summary: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'summary'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/landscape', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      staleTime: 60_000,
    }),
  list: (api: ApiClient, customerId: number, kind: LandscapeKind, filters: LandscapeFilters) =>
    infiniteQueryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'list', kind, filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<LandscapePage> => {
        const { data, response } = await api.GET('/api/v2/customer/{customer_id}/landscape/{kind}', {
          params: {
            path: { customer_id: customerId, kind },
            query: {
              q: filters.q || undefined,
              status: filters.status || undefined,
              location: filters.location || undefined,
              sort: filters.sort === 'name' ? undefined : filters.sort,
              limit: LANDSCAPE_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 60_000,
    }),
  object: (api: ApiClient, customerId: number, id: string) =>
    queryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'object', id] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/landscape/objects/{path}', {
            params: { path: { customer_id: customerId, path: id } },
            // The id keeps its slashes (prefixes/10.20.0.0/24); each segment is encoded on its own.
            pathSerializer: (pathname) =>
              pathname
                .replace('{customer_id}', String(customerId))
                .replace('{path}', id.split('/').map(encodeURIComponent).join('/')),
            signal,
          }),
        ),
      staleTime: 60_000,
    }),
};
