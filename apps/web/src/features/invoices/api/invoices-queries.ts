import type { InvoiceSummary } from '@portaal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';
import type { InvoiceFilters } from '../utils/search-params.ts';

export const INVOICES_PAGE_SIZE = 25;

export interface InvoicesPage {
  items: InvoiceSummary[];
  nextCursor: string | undefined;
}

/** Query-option factories of the invoices; they own the query keys, all scoped by customer. */
export const invoicesQueries = {
  all: () => ['invoices'] as const,
  customer: (customerId: number) => [...invoicesQueries.all(), customerId] as const,
  list: (api: ApiClient, customerId: number, filters: InvoiceFilters) =>
    infiniteQueryOptions({
      queryKey: [...invoicesQueries.customer(customerId), 'list', filters] as const,
      queryFn: async ({ pageParam, signal }): Promise<InvoicesPage> => {
        const { data, response } = await api.GET('/api/v2/customer/{customer_id}/invoices', {
          params: {
            path: { customer_id: customerId },
            query: {
              q: filters.q || undefined,
              status: filters.status || undefined,
              limit: INVOICES_PAGE_SIZE,
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
  detail: (api: ApiClient, customerId: number, number: string) =>
    queryOptions({
      queryKey: [...invoicesQueries.customer(customerId), 'detail', number] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/invoices/{invoice_id}', {
            params: { path: { customer_id: customerId, invoice_id: number } },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
};
