import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/servers/system-landscape/$')({
  staticData: { requirement: access.landscape },
  beforeLoad: guard(access.landscape),
  component: () => <ComingSoon area="landscape" />,
});
