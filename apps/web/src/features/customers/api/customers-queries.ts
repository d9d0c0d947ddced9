import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** One page of the customer list: a user with more customers than this (staff) searches the API. */
export const CUSTOMER_LIST_LIMIT = 100;

/** Query-option factories of the customers domain; they own the query keys. */
export const customersQueries = {
  all: () => ['customers'] as const,
  lists: () => [...customersQueries.all(), 'list'] as const,
  list: (api: ApiClient, search = '') =>
    queryOptions({
      queryKey: [...customersQueries.lists(), search] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer', {
            params: { query: { search: search || undefined, limit: CUSTOMER_LIST_LIMIT } },
            signal,
          }),
        ),
    }),
  detail: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'detail', customerId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
  addresses: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'addresses', customerId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/addresses', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
  bankAccounts: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'bankaccounts', customerId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/bankaccounts', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
  features: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...customersQueries.all(), 'features', customerId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/features', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
};
