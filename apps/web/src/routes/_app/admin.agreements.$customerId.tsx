import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { AgreementPage } from '../../features/agreements/components/agreement-page.tsx';
import { validateAgreementSearch } from '../../features/agreements/utils/agreement-search.ts';
import { isIdParam } from '../../lib/id-param.ts';
import { strictSearch } from '../../lib/search-params.ts';

const checkAccess = guard(access.adminAgreements);

// Hoisted: written inline, this generic call left the route's search typed as {}.
const validateSearch = strictSearch(validateAgreementSearch);

export const Route = createFileRoute('/_app/admin/agreements/$customerId')({
  staticData: {
    requirement: access.adminAgreements,
    title: { page: 'titles.agreements', area: 'adminCustomers' },
  },
  beforeLoad: async (args) => {
    // "abc" or "-1" is no customer: the page-not-found error, without asking the API (thrown while
    // rendering instead, it showed the generic error page).
    if (!isIdParam(args.params.customerId)) throw notFound();
    await checkAccess(args);
  },
  validateSearch,
  // No loader: the page's code stays in its lazy chunk (the start is on a budget); the page fetches
  // on mount and shows its skeleton meanwhile.
  component: AgreementRoute,
});

function AgreementRoute() {
  const { customerId } = Route.useParams() as { customerId: string };
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AgreementPage
      key={customerId}
      customerId={Number(customerId)}
      view={search.view ?? 'table'}
      onViewChange={(view) =>
        void navigate({ search: view === 'timeline' ? { view } : {}, replace: true, resetScroll: false })
      }
    />
  );
}
