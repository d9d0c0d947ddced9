import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/mailings/new')({
  staticData: {
    requirement: access.adminMailings,
    title: { page: 'titles.newMailing', area: 'adminMailings' },
  },
  beforeLoad: guard(access.adminMailings),
  component: () => <ComingSoon area="adminMailings" />,
});
