import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy } from 'react';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { isIdParam } from '../../lib/id-param.ts';

// One more lazy step, as on the contacts list: the start-up bundle stays small.
const ContactDetailPage = lazy(() =>
  import('../../features/contacts/components/contact-detail-page.tsx').then((module) => ({
    default: module.ContactDetailPage,
  })),
);

const checkAccess = guard(access.company, (params) => params.customerId);

export const Route = createFileRoute('/_app/company/$customerId/contacts/$id')({
  staticData: { requirement: access.company, title: { page: 'titles.contact', area: 'company' } },
  beforeLoad: async (args) => {
    // "abc" or "-1" is no id: the page-not-found error, without asking the API (thrown while rendering
    // instead, it showed the generic error page).
    if (!isIdParam(args.params.customerId) || !isIdParam(args.params.id)) throw notFound();
    await checkAccess(args);
  },
  component: ContactRoute,
});

function ContactRoute() {
  const { customerId, id } = Route.useParams() as { customerId: string; id: string };
  return (
    <ContactDetailPage key={`${customerId}/${id}`} customerId={Number(customerId)} contactId={Number(id)} />
  );
}
