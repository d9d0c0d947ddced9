import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { DeskPage } from '../../features/tickets/components/desk-page.tsx';
import { validateDeskSearch } from '../../features/tickets/utils/desk-search.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/admin/tickets')({
  staticData: { requirement: access.adminTickets, title: { area: 'adminTickets' } },
  beforeLoad: guard(access.adminTickets),
  validateSearch: strictSearch(validateDeskSearch),
  // No loader: the queue's code stays in its lazy chunk (the start is on a budget); the page fetches
  // on mount and shows its skeleton meanwhile.
  component: DeskRoute,
});

function DeskRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DeskPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
