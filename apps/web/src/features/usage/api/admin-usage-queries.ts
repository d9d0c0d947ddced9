import type { AdminUsageRow } from '@portaal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { type ApiClient, nextCursorOf } from '../../../lib/api-client.ts';
import type { AdminUsageFilters } from '../utils/admin-usage-search.ts';
import { usageQueries } from './usage-queries.ts';

export const ADMIN_USAGE_PAGE_SIZE = 25;

export interface AdminUsagePage {
  rows: AdminUsageRow[];
  nextCursor: string | undefined;
}

const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/** Usage of all customers (staff): one month's bundles of every customer, those needing attention first. */
export const adminUsageQueries = {
  all: () => [...usageQueries.all(), 'all-customers'] as const,
  list: (api: ApiClient, filters: AdminUsageFilters) =>
    infiniteQueryOptions({
      queryKey: [...adminUsageQueries.all(), filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<AdminUsagePage> => {
        const { data, response } = await api.GET('/api/admin/v2/usage', {
          params: {
            query: {
              month: filters.month,
              q: filters.q || undefined,
              status: list(filters.status),
              type: list(filters.type),
              over_quota: filters.overQuota ? 'true' : undefined,
              limit: ADMIN_USAGE_PAGE_SIZE,
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
