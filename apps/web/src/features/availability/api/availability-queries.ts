import type { AvailabilityRange } from '@portaal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf } from '../../../lib/api-client.ts';

/** Query-option factories of the availability domain; they own the query keys, all scoped by customer. */
export const availabilityQueries = {
  all: () => ['availability'] as const,
  customer: (customerId: number) => [...availabilityQueries.all(), customerId] as const,
  applications: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...availabilityQueries.customer(customerId), 'applications'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/applications', {
            params: { path: { customer_id: customerId } },
            signal,
          }),
        ),
      // The prober checks every minute: an outage shows within a minute while the page is open.
      refetchInterval: 30_000,
    }),
  checks: (
    api: ApiClient,
    customerId: number,
    applicationId: number,
    range: AvailabilityRange,
    width: number,
  ) =>
    queryOptions({
      queryKey: [...availabilityQueries.customer(customerId), 'checks', applicationId, range, width] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/v2/customer/{customer_id}/applications/{application_id}/checks', {
            params: {
              path: { customer_id: customerId, application_id: applicationId },
              query: { range, width },
            },
            signal,
          }),
        ),
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
    }),
};
