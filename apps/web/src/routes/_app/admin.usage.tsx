import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { AdminUsagePage } from '../../features/usage/components/admin-usage-page.tsx';
import { validateAdminUsageSearch } from '../../features/usage/utils/admin-usage-search.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/admin/usage')({
  staticData: { requirement: access.adminUsage, title: { area: 'adminUsage' } },
  beforeLoad: guard(access.adminUsage),
  validateSearch: strictSearch(validateAdminUsageSearch),
  // No loader: the list's code stays in its lazy chunk (the start is on a budget); the page fetches
  // on mount and shows its skeleton meanwhile.
  component: AdminUsageRoute,
});

function AdminUsageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminUsagePage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
