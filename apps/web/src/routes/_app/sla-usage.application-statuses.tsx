import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { availabilityQueries } from '../../features/availability/api/availability-queries.ts';
import { ApplicationStatusesPage } from '../../features/availability/components/application-statuses-page.tsx';
import { validateAvailabilitySearch } from '../../features/availability/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/sla-usage/application-statuses')({
  staticData: { requirement: access.slaUsage, title: { page: 'nav.applicationStatuses', area: 'slaUsage' } },
  beforeLoad: guard(access.slaUsage),
  validateSearch: strictSearch(validateAvailabilitySearch),
  loader: ({ context }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    void queryClient
      .ensureQueryData(availabilityQueries.applications(api, customerId))
      .catch(() => undefined);
    // The chart chunk starts loading with the page, in parallel with the data.
    void import('../../features/availability/components/latency-chart.tsx').catch(() => undefined);
  },
  component: ApplicationStatusesRoute,
});

function ApplicationStatusesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationStatusesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
