import type { AuditActor, AuditEvent } from '@portaal/contracts/audit';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, nextLinkOf } from '../../../lib/api-client.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 25;

const cursorOf = (link: string | undefined) =>
  link ? (new URL(link, 'http://portaal.invalid').searchParams.get('cursor') ?? undefined) : undefined;

/** Query-option factories of the audit log; they own the query keys, all scoped by customer. */
export const auditQueries = {
  all: () => ['audit'] as const,
  customer: (customerId: number) => [...auditQueries.all(), customerId] as const,
  events: (api: ApiClient, customerId: number, filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.customer(customerId), 'events', filters] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, headers } = await api.requestWithHeaders<AuditEvent[]>({
          operation: 'listAuditEvents',
          path: '/api/v2/customer/{customer_id}/audit-events',
          params: { customer_id: customerId },
          query: {
            actor: filters.actor || undefined,
            action: filters.action || undefined,
            from: filters.from || undefined,
            to: filters.to || undefined,
            limit: AUDIT_PAGE_SIZE,
            cursor: pageParam,
          },
          signal,
        });
        return { events: data, nextCursor: cursorOf(nextLinkOf(headers.get('link'))) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  actors: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...auditQueries.customer(customerId), 'actors'] as const,
      queryFn: ({ signal }) =>
        api.request<AuditActor[]>({
          operation: 'listAuditActors',
          path: '/api/v2/customer/{customer_id}/audit-events/actors',
          params: { customer_id: customerId },
          signal,
        }),
    }),
};
