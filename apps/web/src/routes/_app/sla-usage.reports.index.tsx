import { reportKinds } from '@portaal/contracts/report-rules';
import { USAGE_PERIOD_PATTERN } from '@portaal/contracts/usage-rules';
import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ReportsPage, type ReportsSearch } from '../../features/reports/components/reports-page.tsx';
import { strictSearch } from '../../lib/search-params.ts';

// Plain checks rather than zod: validateSearch is not code-split.
function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const result: ReportsSearch = {};
  if ((reportKinds as readonly unknown[]).includes(search.kind))
    result.kind = search.kind as ReportsSearch['kind'];
  if (typeof search.period === 'string' && USAGE_PERIOD_PATTERN.test(search.period))
    result.period = search.period;
  return result;
}

export const Route = createFileRoute('/_app/sla-usage/reports/')({
  staticData: { requirement: access.reports, title: { page: 'nav.reports', area: 'slaUsage' } },
  beforeLoad: guard(access.reports),
  validateSearch: strictSearch(validateReportsSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    // The query factories load with the page's chunk, not in the start (web budget).
    void import('../../features/reports/api/reports-queries.ts')
      .then(({ reportsQueries }) => queryClient.ensureQueryData(reportsQueries.list(api, customerId, deps)))
      .catch(() => undefined);
  },
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
