import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { trendsQueries } from '../../features/trends/api/trends-queries.ts';
import { ServersPage } from '../../features/trends/components/servers-page.tsx';
import { validateServersSearch } from '../../features/trends/utils/servers-search.ts';

export const Route = createFileRoute('/_app/servers/')({
  staticData: { requirement: access.servers, title: { area: 'servers' } },
  beforeLoad: guard(access.servers),
  // Not awaited: the page shows its placeholders, and a failure shows in the page with "try again".
  loader: ({ context }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    void queryClient.ensureQueryData(trendsQueries.servers(api, customerId)).catch(() => undefined);
  },
  component: ServersRoute,
});

// ?show= is read in the (code-split) component rather than in validateSearch, which every page's
// start carries: the home page's initial JS is at its budget.
function ServersRoute() {
  const { show } = validateServersSearch(useRouterState({ select: (state) => state.location.search }));
  const navigate = Route.useNavigate();
  return (
    <ServersPage
      show={show}
      onShowChange={(next) => void navigate({ search: (next ? { show: next } : {}) as never, replace: true })}
    />
  );
}
