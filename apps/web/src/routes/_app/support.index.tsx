import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { SupportPage } from '../../features/tickets/components/support-page.tsx';
import {
  filtersFromSearch,
  listSections,
  validateSupportSearch,
} from '../../features/tickets/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/support/')({
  staticData: { requirement: access.support, title: { page: 'titles.tickets', area: 'support' } },
  beforeLoad: guard(access.support),
  validateSearch: strictSearch(validateSupportSearch),
  loaderDeps: ({ search }) => search,
  // Starts the first page of each list the screen shows without waiting for them: the page shows its
  // skeleton, and a failure shows in the page (with "try again") rather than as the application's
  // error page.
  loader: ({ context, deps }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    const { awaiting, list } = listSections(filtersFromSearch(deps));
    for (const filters of awaiting ? [awaiting, list] : [list])
      void queryClient
        .ensureInfiniteQueryData(ticketsQueries.list(api, customerId, filters))
        .catch(() => undefined);
  },
  component: SupportRoute,
});

function SupportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SupportPage
      search={search}
      // Replaced, not pushed: every search keystroke pause would otherwise become a Back step.
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
