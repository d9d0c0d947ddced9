import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/agreements/$customerId')({
  staticData: {
    requirement: access.adminAgreements,
    title: { page: 'titles.agreements', area: 'adminCustomers' },
  },
  beforeLoad: guard(access.adminAgreements),
  component: () => <ComingSoon area="adminCustomers" />,
});
