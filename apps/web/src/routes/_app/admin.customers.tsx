import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/customers')({
  staticData: { requirement: access.adminCustomers, title: { area: 'adminCustomers' } },
  beforeLoad: guard(access.adminCustomers),
  component: () => <ComingSoon area="adminCustomers" />,
});
