import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, ApiError, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import { customersQueries } from './customers-queries.ts';

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;

/** The link type of the accounting system's customer number. */
export const ACCOUNTING_LINK = 'accounting';

/**
 * Query-option factories of the staff customer screen (/admin/customers). Its own file, so that the
 * customers' start bundle (the switcher) does not carry them; the keys sit under customersQueries.
 */
export const adminCustomersQueries = {
  /** Every customer (staff read all), by name; `search` matches name, CoC, id and link identifiers. */
  list: (api: ApiClient, search: string) =>
    infiniteQueryOptions({
      queryKey: [...customersQueries.lists(), 'staff', search] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, response } = await api.GET('/api/v2/customer', {
          params: {
            query: { search: search || undefined, limit: ADMIN_CUSTOMERS_PAGE_SIZE, cursor: pageParam },
          },
          signal,
        });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 30_000,
    }),
  /** The next free customer id, and who holds `customerId` (the create form's lookup). */
  idCheck: (api: ApiClient, customerId?: number) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'id-check', customerId ?? null] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/admin/v2/customer/id-check', {
            params: { query: { customer_id: customerId } },
            signal,
          }),
        ),
      staleTime: 5_000,
    }),
  /** The customer holding a link (the accounting id), or null when none does. */
  byLink: (api: ApiClient, type: string, identifier: string) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'by-link', type, identifier] as const,
      queryFn: async ({ signal }) => {
        try {
          return await dataOf(
            api.GET('/api/admin/v2/customer', {
              params: { query: { link_type: type, link_id: identifier } },
              signal,
            }),
          );
        } catch (error) {
          // 404 is the answer "no customer has this link", not a failure.
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: 5_000,
    }),
};
