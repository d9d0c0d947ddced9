import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { CrosscheckMonthsPage } from '../../features/crosschecks/components/crosscheck-months-page.tsx';

export const Route = createFileRoute('/_app/admin/crosschecks/')({
  staticData: { requirement: access.adminCrosschecks, title: { area: 'adminCrosschecks' } },
  beforeLoad: guard(access.adminCrosschecks),
  // No loader: the page's code stays in its lazy chunk (the start is on a budget); the page fetches
  // on mount and shows its skeleton meanwhile.
  component: CrosscheckMonthsPage,
});
