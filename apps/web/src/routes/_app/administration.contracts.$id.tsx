import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/administration/contracts/$id')({
  staticData: { requirement: access.contracts, title: { page: 'titles.contract', area: 'administration' } },
  beforeLoad: guard(access.contracts),
  component: () => <ComingSoon area="contracts" />,
});
