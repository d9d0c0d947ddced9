import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { contractsQueries } from '../../features/contracts/api/contracts-queries.ts';
import { ContractsPage } from '../../features/contracts/components/contracts-page.tsx';
import { filtersOf, validateContractsSearch } from '../../features/contracts/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/administration/contracts/')({
  staticData: { requirement: access.contracts, title: { page: 'nav.contracts', area: 'administration' } },
  beforeLoad: guard(access.contracts),
  validateSearch: strictSearch(validateContractsSearch),
  loaderDeps: ({ search }) => filtersOf(search),
  loader: ({ context, deps }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined || !can(access.contracts, customerId)) return;
    void queryClient
      .prefetchInfiniteQuery(contractsQueries.list(api, customerId, deps))
      .catch(() => undefined);
  },
  component: ContractsRoute,
});

function ContractsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContractsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
