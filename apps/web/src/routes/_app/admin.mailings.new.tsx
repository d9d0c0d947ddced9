import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { CustomerPicker } from '../../features/customers/components/customer-picker.tsx';
import { MailingWizard } from '../../features/mailings/components/mailing-wizard.tsx';

export const Route = createFileRoute('/_app/admin/mailings/new')({
  staticData: {
    requirement: access.mailingSend,
    title: { page: 'titles.newMailing', area: 'adminMailings' },
  },
  beforeLoad: guard(access.mailingSend),
  component: NewMailingRoute,
});

function NewMailingRoute() {
  return <MailingWizard customerField={CustomerPicker} />;
}
