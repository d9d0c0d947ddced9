import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { invoicesQueries } from '../../features/invoices/api/invoices-queries.ts';
import { InvoicesPage } from '../../features/invoices/components/invoices-page.tsx';
import { filtersOf, validateInvoicesSearch } from '../../features/invoices/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/administration/invoices/')({
  staticData: { requirement: access.invoices, title: { page: 'nav.invoices', area: 'administration' } },
  beforeLoad: guard(access.invoices),
  validateSearch: strictSearch(validateInvoicesSearch),
  loaderDeps: ({ search }) => filtersOf(search),
  // Not awaited: the page shows its placeholders, and a failure shows in the page with "try again".
  loader: ({ context, deps }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    // With a search the page asks itself: the check of its text (which the page may refuse) stays
    // out of the start bundle.
    if (customerId === undefined || !can(access.invoices, customerId) || deps.q) return;
    void queryClient
      .prefetchInfiniteQuery(invoicesQueries.list(api, customerId, deps))
      .catch(() => undefined);
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvoicesPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
