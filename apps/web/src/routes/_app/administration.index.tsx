import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/administration/')({
  staticData: { requirement: access.administration, title: { area: 'administration' } },
  beforeLoad: guard(access.administration),
  component: () => <ComingSoon area="administration" />,
});
