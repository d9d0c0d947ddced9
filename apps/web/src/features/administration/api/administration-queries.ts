import type { AdministrationOverview } from '@portaal/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';

export const administrationQueries = {
  overview: (api: ApiClient, customerId: number) =>
    queryOptions({
      // Under the invoices key: an invoice push or change shows here too when those are refreshed.
      queryKey: ['administration', customerId, 'overview'] as const,
      queryFn: ({ signal }) =>
        api.request<AdministrationOverview>({
          operation: 'getAdministrationOverview',
          path: '/api/v2/customer/{customer_id}/administration',
          params: { customer_id: customerId },
          signal,
        }),
      staleTime: 30_000,
    }),
};
