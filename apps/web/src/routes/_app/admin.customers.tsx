import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { AdminCustomersPage } from '../../features/customers/components/admin-customers-page.tsx';
import { validateAdminCustomersSearch } from '../../features/customers/utils/admin-customers-search.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/admin/customers')({
  staticData: { requirement: access.adminCustomers, title: { area: 'adminCustomers' } },
  beforeLoad: guard(access.adminCustomers),
  validateSearch: strictSearch(validateAdminCustomersSearch),
  // No loader: the list's code stays in its lazy chunk (the start is on a budget); the page fetches
  // on mount and shows its skeleton meanwhile.
  component: AdminCustomersRoute,
});

function AdminCustomersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminCustomersPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
