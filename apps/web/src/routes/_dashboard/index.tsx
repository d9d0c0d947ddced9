import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '../../features/home/api/dashboard-queries.ts';
import { HomePage } from '../../features/home/home-page.tsx';
import { loadDashboardPanels } from '../../features/home/panels-module.ts';

export const Route = createFileRoute('/_dashboard/')({
  staticData: { requirement: 'login', title: { page: 'nav.home' } },
  // The panels' figures are asked for as the page starts, not once their lazy code has arrived; the
  // page waits for that code (a few kB, fetched alongside the figures) so its first render is whole.
  loader: async ({ context: { session } }) => {
    const customerId = session.selected.get()?.id;
    if (customerId === undefined) return;
    void session.queryClient
      .ensureQueryData(dashboardQueries.customer(session.api, customerId))
      .catch(() => undefined);
    // A failed download leaves the panels to the page's lazy path (and its error handling).
    await loadDashboardPanels().catch(() => undefined);
  },
  component: HomePage,
});
