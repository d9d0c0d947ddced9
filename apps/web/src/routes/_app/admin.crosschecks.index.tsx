import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/crosschecks/')({
  staticData: { requirement: access.adminCrosschecks, title: { area: 'adminCrosschecks' } },
  beforeLoad: guard(access.adminCrosschecks),
  component: () => <ComingSoon area="adminCrosschecks" />,
});
