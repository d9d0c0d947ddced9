import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/administration/invoices/')({
  staticData: { requirement: access.invoices, title: { page: 'nav.invoices', area: 'administration' } },
  beforeLoad: guard(access.invoices),
  component: () => <ComingSoon area="invoices" />,
});
