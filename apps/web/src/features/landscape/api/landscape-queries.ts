import type { LandscapeObject, TicketSummary } from '@portaal/contracts';
import { type LandscapeKind, landscapeKinds } from '@portaal/contracts/landscape-rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { LandscapeFilters } from '../utils/search-params.ts';

/** Objects per page of a landscape table. */
export const LANDSCAPE_PAGE_SIZE = 25;

export interface LandscapePage {
  items: LandscapeObject[];
  nextCursor: string | undefined;
}

/** Objects per kind that the ticket form's picker offers for a search. */
export const PICKER_PAGE_SIZE = 6;
/** With nothing typed, the picker offers servers: devices and virtual machines. */
const PICKER_DEFAULT_KINDS: readonly LandscapeKind[] = ['devices', 'virtual-machines'];

/** Open tickets an object page lists at most. */
export const OBJECT_TICKETS_LIMIT = 20;
const OPEN_STATUSES = ['new', 'open', 'in_progress', 'awaiting_reply'] as const;

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
  /** The ticket form's picker: objects whose name holds the text, per kind (servers when none is typed). */
  picker: (api: ApiClient, customerId: number, text: string) =>
    queryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'picker', text] as const,
      queryFn: async ({ signal }) => {
        const kinds = text ? landscapeKinds : PICKER_DEFAULT_KINDS;
        const pages = await Promise.all(
          kinds.map(async (kind) => ({
            kind,
            items: await dataOf(
              api.GET('/api/v2/customer/{customer_id}/landscape/{kind}', {
                params: {
                  path: { customer_id: customerId, kind },
                  query: { q: text || undefined, limit: text ? PICKER_PAGE_SIZE : 25 },
                },
                signal,
              }),
            ),
          })),
        );
        return pages.filter((page) => page.items.length > 0);
      },
      staleTime: 60_000,
    }),
  /** The open tickets about one object that the caller may read (newest update first). */
  tickets: (api: ApiClient, customerId: number, id: string) =>
    queryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'tickets', id] as const,
      queryFn: ({ signal }): Promise<TicketSummary[]> =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/tickets', {
            params: {
              path: { customer_id: customerId },
              query: {
                landscape_object_id: id,
                status: OPEN_STATUSES.join(','),
                limit: OBJECT_TICKETS_LIMIT,
              },
            },
            signal,
          }),
        ),
      // A ticket filed from the object page shows when the user comes back to it.
      staleTime: 0,
    }),
  /** The customer's servers with their current load and Observe (the health links of an object page). */
  servers: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...landscapeQueries.customer(customerId), 'servers'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/servers', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
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
