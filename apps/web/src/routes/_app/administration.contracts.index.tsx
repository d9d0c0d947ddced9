import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/administration/contracts/')({
  staticData: { requirement: access.contracts, title: { page: 'nav.contracts', area: 'administration' } },
  beforeLoad: guard(access.contracts),
  component: () => <ComingSoon area="contracts" />,
});
