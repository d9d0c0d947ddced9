import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 25;

/** Query-option factories of the audit log; they own the query keys, all scoped by customer. */
export const auditQueries = {
  all: () => ['audit'] as const,
  customer: (customerId: number) => [...auditQueries.all(), customerId] as const,
  events: (api: ApiClient, customerId: number, filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.customer(customerId), 'events', filters] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, response } = await api.GET('/api/v2/customer/{customer_id}/audit-events', {
          params: {
            path: { customer_id: customerId },
            query: {
              actor: filters.actor || undefined,
              action: filters.action || undefined,
              from: filters.from || undefined,
              to: filters.to || undefined,
              limit: AUDIT_PAGE_SIZE,
              cursor: pageParam,
            },
          },
          signal,
        });
        return { events: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  actors: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...auditQueries.customer(customerId), 'actors'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/audit-events/actors', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
};
