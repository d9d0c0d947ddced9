import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ReportDetailPage } from '../../features/reports/components/report-detail-page.tsx';

// The route's params type is circular through the report links of the reports screens (TS infers
// unknown), so the one param is read here.
const displayIdOf = (params: unknown) => String((params as { displayId?: unknown }).displayId ?? '');

export const Route = createFileRoute('/_app/sla-usage/reports/$displayId')({
  staticData: { requirement: access.reports, title: { page: 'titles.report', area: 'slaUsage' } },
  beforeLoad: guard(access.reports),
  loader: ({ context, params }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    // The query factories load with the page's chunk, not in the start (web budget).
    void import('../../features/reports/api/reports-queries.ts')
      .then(({ reportsQueries }) =>
        queryClient.ensureQueryData(reportsQueries.detail(api, customerId, displayIdOf(params))),
      )
      .catch(() => undefined);
  },
  component: ReportDetailRoute,
});

function ReportDetailRoute() {
  return <ReportDetailPage displayId={displayIdOf(Route.useParams())} />;
}
