import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { trendsQueries } from '../../features/trends/api/trends-queries.ts';
import { ServersPage } from '../../features/trends/components/servers-page.tsx';
import { validateServersSearch } from '../../features/trends/utils/search-params.ts';

export const Route = createFileRoute('/_app/servers/')({
  staticData: { requirement: access.servers, title: { area: 'servers' } },
  beforeLoad: guard(access.servers),
  validateSearch: validateServersSearch,
  // Not awaited: the page shows its placeholders, and a failure shows in the page with "try again".
  loader: ({ context }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    void queryClient.ensureQueryData(trendsQueries.servers(api, customerId)).catch(() => undefined);
  },
  component: ServersRoute,
});

function ServersRoute() {
  const { show } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ServersPage
      show={show}
      onShowChange={(next) => void navigate({ search: next ? { show: next } : {}, replace: true })}
    />
  );
}
