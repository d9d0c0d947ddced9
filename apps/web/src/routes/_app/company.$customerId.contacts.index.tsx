import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy } from 'react';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';

// One more lazy step: the start-up bundle then lists this route's few direct chunks, not every chunk
// the contacts screens share with others (the home page's budget is counted in bytes).
const ContactsPage = lazy(() =>
  import('../../features/contacts/components/contacts-page.tsx').then((module) => ({
    default: module.ContactsPage,
  })),
);

export const Route = createFileRoute('/_app/company/$customerId/contacts/')({
  staticData: { requirement: access.company, title: { page: 'nav.contacts', area: 'company' } },
  beforeLoad: guard(access.company, (params) => params.customerId),
  component: ContactsRoute,
});

function ContactsRoute() {
  const { customerId } = Route.useParams() as { customerId: string };
  // "abc" or "-1" is no customer: the page-not-found error, without asking the API.
  if (!/^[1-9]\d{0,9}$/.test(customerId) || Number(customerId) > 2_147_483_647) throw notFound();
  return <ContactsPage key={customerId} customerId={Number(customerId)} />;
}
