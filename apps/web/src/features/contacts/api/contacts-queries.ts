import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** A company's contacts fit one page of the API's largest size; the screen shows them all. */
export const CONTACTS_PAGE_SIZE = 100;

/** Query-option factories of the contacts domain; they own the query keys, all scoped by customer. */
export const contactsQueries = {
  all: () => ['contacts'] as const,
  customer: (customerId: number) => [...contactsQueries.all(), customerId] as const,
  list: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...contactsQueries.customer(customerId), 'list'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/contacts', {
            params: { path: { customer_id: customerId }, query: { limit: CONTACTS_PAGE_SIZE } },
            signal,
          }),
        ),
    }),
  detail: (api: ApiClient, customerId: number, contactId: number) =>
    queryOptions({
      queryKey: [...contactsQueries.customer(customerId), 'detail', contactId] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/contacts/{contact_id}', {
            params: { path: { customer_id: customerId, contact_id: contactId } },
            signal,
          }),
        ),
    }),
  callList: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...contactsQueries.customer(customerId), 'call-list'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/contacts/call-list', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
  technicalEmails: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...contactsQueries.customer(customerId), 'technical-emails'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/contacts/technical-emails', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
};
