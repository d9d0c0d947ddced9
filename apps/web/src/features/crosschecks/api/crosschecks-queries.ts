import type { CrosscheckMonth, CrosscheckRow } from '@portaal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { CrosscheckFilters } from '../utils/crosscheck-search.ts';

export const CROSSCHECK_PAGE_SIZE = 25;

export interface CrosscheckPage {
  rows: CrosscheckRow[];
  nextCursor: string | undefined;
}

/** Crosschecks (staff): the months with their counts, and a month's rows per customer and subtype. */
export const crosscheckQueries = {
  all: () => ['crosschecks'] as const,
  months: (api: ApiClient) =>
    queryOptions({
      queryKey: [...crosscheckQueries.all(), 'months'] as const,
      queryFn: ({ signal }): Promise<CrosscheckMonth[]> =>
        dataOf(api.GET('/api/admin/v2/crosschecks', { signal })),
      staleTime: 60_000,
    }),
  month: (api: ApiClient, month: string) =>
    queryOptions({
      queryKey: [...crosscheckQueries.all(), 'months', month] as const,
      queryFn: async ({ signal }): Promise<CrosscheckMonth | null> => {
        const months = await dataOf(
          api.GET('/api/admin/v2/crosschecks', { params: { query: { month } }, signal }),
        );
        return months[0] ?? null;
      },
      staleTime: 60_000,
    }),
  rows: (api: ApiClient, month: string, filters: CrosscheckFilters) =>
    infiniteQueryOptions({
      queryKey: [...crosscheckQueries.all(), 'rows', month, filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<CrosscheckPage> => {
        const { data, response } = await api.GET('/api/admin/v2/crosschecks/{month}', {
          params: {
            path: { month },
            query: {
              status: filters.status.length > 0 ? filters.status.join(',') : undefined,
              subtype: filters.subtype || undefined,
              q: filters.q || undefined,
              limit: CROSSCHECK_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { rows: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 60_000,
    }),
};
