import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '../../features/home/api/dashboard-queries.ts';
import { HomePage } from '../../features/home/home-page.tsx';

export const Route = createFileRoute('/_dashboard/')({
  staticData: { requirement: 'login', title: { page: 'nav.home' } },
  // The panels' figures are asked for as the page starts, not once their lazy code has arrived.
  loader: ({ context: { session } }) => {
    const customerId = session.selected.get()?.id;
    if (customerId !== undefined)
      void session.queryClient
        .ensureQueryData(dashboardQueries.customer(session.api, customerId))
        .catch(() => undefined);
  },
  component: HomePage,
});
