import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { CrosscheckDetailPage } from '../../features/crosschecks/components/crosscheck-detail-page.tsx';
import { validateCrosscheckSearch, validMonth } from '../../features/crosschecks/utils/crosscheck-search.ts';
import { formatMonth } from '../../lib/format-month.ts';
import { strictSearch } from '../../lib/search-params.ts';

const checkAccess = guard(access.adminCrosschecks);

export const Route = createFileRoute('/_app/admin/crosschecks/$month')({
  staticData: {
    requirement: access.adminCrosschecks,
    title: {
      page: 'titles.crosscheck',
      area: 'adminCrosschecks',
      // 'Crosscheck October 2026', as the page heading reads the month.
      values: ({ params }, language) => ({ month: formatMonth(String(params.month), language) }),
    },
  },
  beforeLoad: async (args) => {
    // "2026-13" is no month: the page-not-found error, without asking the API.
    if (!validMonth(args.params.month)) throw notFound();
    await checkAccess(args);
  },
  validateSearch: strictSearch(validateCrosscheckSearch),
  // No loader: the page's code stays in its lazy chunk (the start is on a budget).
  component: CrosscheckDetailRoute,
});

function CrosscheckDetailRoute() {
  const { month } = Route.useParams() as { month: string };
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CrosscheckDetailPage
      key={month}
      month={month}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
