import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { MailingsPage } from '../../features/mailings/components/mailings-page.tsx';

export const Route = createFileRoute('/_app/admin/mailings/')({
  staticData: { requirement: access.adminMailings, title: { area: 'adminMailings' } },
  beforeLoad: guard(access.adminMailings),
  component: MailingsPage,
});
