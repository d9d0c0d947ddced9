import { createFileRoute, redirect } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { selectCustomerById } from '../../app/session.ts';
import { usageQueries } from '../../features/usage/api/usage-queries.ts';
import { UsagePage } from '../../features/usage/components/usage-page.tsx';
import { validateUsageSearch } from '../../features/usage/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

const checkLogin = guard('login');
const checkAccess = guard(access.usageScreen);

// Hoisted: written inline, this generic call left the route's search typed as {}.
const validateSearch = strictSearch(validateUsageSearch);

export const Route = createFileRoute('/_app/sla-usage/usage')({
  staticData: { requirement: access.usageScreen, title: { page: 'nav.usage', area: 'slaUsage' } },
  validateSearch,
  beforeLoad: async (args) => {
    // ?customer=1002 comes with the links of usage of all customers (staff): select it, then drop it.
    const { customer, period } = args.search;
    if (customer !== undefined) {
      await checkLogin(args);
      const { session } = args.context;
      // A customer the user cannot open is left alone: the page then shows the selected one's usage.
      if (session.can(access.usage, customer)) await selectCustomerById(session, customer);
      throw redirect({ to: '/sla-usage/usage', search: period ? { period } : {}, replace: true });
    }
    await checkAccess(args);
  },
  loaderDeps: ({ search }) => ({ period: search.period }),
  // Not awaited: the page shows its placeholders, and a failure shows in the page with "try again".
  loader: ({ context, deps }) => {
    const { api, queryClient, selected, can } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined || !can(access.usage, customerId)) return;
    void queryClient
      .ensureQueryData(usageQueries.period(api, customerId, deps.period))
      .catch(() => undefined);
  },
  component: UsageRoute,
});

function UsageRoute() {
  const { period } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsagePage
      period={period}
      onPeriodChange={(next) => void navigate({ search: next ? { period: next } : {}, replace: true })}
    />
  );
}
