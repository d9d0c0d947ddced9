import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { trendsQueries } from '../../features/trends/api/trends-queries.ts';
import { TrendsPage } from '../../features/trends/components/trends-page.tsx';
import { loadTrendChart } from '../../features/trends/utils/chart-module.ts';
import { validateTrendsSearch } from '../../features/trends/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/servers/trends')({
  staticData: { requirement: access.servers, title: { page: 'nav.trends', area: 'servers' } },
  beforeLoad: guard(access.servers),
  validateSearch: strictSearch(validateTrendsSearch),
  loader: ({ context }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    void queryClient.ensureQueryData(trendsQueries.servers(api, customerId)).catch(() => undefined);
    // The chart chunk starts loading with the page, in parallel with the data.
    void loadTrendChart().catch(() => undefined);
  },
  component: TrendsRoute,
});

function TrendsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TrendsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
