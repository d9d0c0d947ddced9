import { createFileRoute } from '@tanstack/react-router';

import { guard, type RouterContext } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { invoicesQueries } from '../../features/invoices/api/invoices-queries.ts';
import { InvoiceDetailPage } from '../../features/invoices/components/invoice-detail-page.tsx';

export const Route = createFileRoute('/_app/administration/invoices/$id')({
  staticData: { requirement: access.invoices, title: { page: 'titles.invoice', area: 'administration' } },
  beforeLoad: guard(access.invoices),
  loader: ({ context, params }: { context: RouterContext; params: { id: string } }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined || !can(access.invoices, customerId)) return;
    void queryClient
      .ensureQueryData(invoicesQueries.detail(api, customerId, params.id))
      .catch(() => undefined);
  },
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { id } = Route.useParams();
  return <InvoiceDetailPage number={id} />;
}
