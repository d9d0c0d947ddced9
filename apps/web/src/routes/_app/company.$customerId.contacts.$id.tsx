import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ComingSoon } from '../../components/feedback/coming-soon.tsx';

export const Route = createFileRoute('/_app/company/$customerId/contacts/$id')({
  staticData: { requirement: access.company, title: { page: 'titles.contact', area: 'company' } },
  beforeLoad: guard(access.company, (params) => params.customerId),
  component: () => <ComingSoon area="contacts" />,
});
