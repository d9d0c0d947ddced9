import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/support/new-ticket')({
  staticData: { requirement: access.newTicket },
  beforeLoad: guard(access.newTicket),
  component: () => <ComingSoon area="support" />,
});
