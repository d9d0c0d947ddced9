import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/sla-usage/')({
  staticData: { requirement: access.slaUsage, title: { area: 'slaUsage' } },
  beforeLoad: guard(access.slaUsage),
  component: () => <ComingSoon area="slaUsage" />,
});
