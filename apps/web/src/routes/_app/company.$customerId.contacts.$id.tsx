import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy } from 'react';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';

// One more lazy step, as on the contacts list: the start-up bundle stays small.
const ContactDetailPage = lazy(() =>
  import('../../features/contacts/components/contact-detail-page.tsx').then((module) => ({
    default: module.ContactDetailPage,
  })),
);

const validId = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

export const Route = createFileRoute('/_app/company/$customerId/contacts/$id')({
  staticData: { requirement: access.company, title: { page: 'titles.contact', area: 'company' } },
  beforeLoad: guard(access.company, (params) => params.customerId),
  component: ContactRoute,
});

function ContactRoute() {
  const { customerId, id } = Route.useParams() as { customerId: string; id: string };
  // "abc" or "-1" is no id: the page-not-found error, without asking the API.
  if (!validId(customerId) || !validId(id)) throw notFound();
  return (
    <ContactDetailPage key={`${customerId}/${id}`} customerId={Number(customerId)} contactId={Number(id)} />
  );
}
