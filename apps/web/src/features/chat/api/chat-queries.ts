import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the chat channels; they own the query keys, scoped by customer. */
export const chatQueries = {
  all: () => ['chat-channels'] as const,
  customer: (customerId: number) => [...chatQueries.all(), customerId] as const,
  list: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...chatQueries.customer(customerId), 'list'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/chat-channels', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
    }),
};
