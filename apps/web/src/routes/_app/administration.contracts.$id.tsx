import { createFileRoute } from '@tanstack/react-router';

import { guard, type RouterContext } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { contractsQueries } from '../../features/contracts/api/contracts-queries.ts';
import { ContractDetailPage } from '../../features/contracts/components/contract-detail-page.tsx';

export const Route = createFileRoute('/_app/administration/contracts/$id')({
  staticData: { requirement: access.contracts, title: { page: 'titles.contract', area: 'administration' } },
  beforeLoad: guard(access.contracts),
  loader: ({ context, params }: { context: RouterContext; params: { id: string } }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined || !can(access.contracts, customerId)) return;
    void queryClient
      .ensureQueryData(contractsQueries.detail(api, customerId, params.id))
      .catch(() => undefined);
  },
  component: ContractRoute,
});

function ContractRoute() {
  const { id } = Route.useParams();
  return <ContractDetailPage id={id} />;
}
