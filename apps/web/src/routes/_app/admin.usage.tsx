import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/usage')({
  staticData: { requirement: access.adminUsage, title: { area: 'adminUsage' } },
  beforeLoad: guard(access.adminUsage),
  component: () => <ComingSoon area="adminUsage" />,
});
