import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy } from 'react';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { isIdParam } from '../../lib/id-param.ts';

// One more lazy step: the start-up bundle then lists this route's few direct chunks, not every chunk
// the contacts screens share with others (the home page's budget is counted in bytes).
const ContactsPage = lazy(() =>
  import('../../features/contacts/components/contacts-page.tsx').then((module) => ({
    default: module.ContactsPage,
  })),
);

const checkAccess = guard(access.company, (params) => params.customerId);

export const Route = createFileRoute('/_app/company/$customerId/contacts/')({
  staticData: { requirement: access.company, title: { page: 'nav.contacts', area: 'company' } },
  beforeLoad: async (args) => {
    // "abc" or "-1" is no customer: the page-not-found error, without asking the API (thrown while
    // rendering instead, it showed the generic error page).
    if (!isIdParam(args.params.customerId)) throw notFound();
    await checkAccess(args);
  },
  component: ContactsRoute,
});

function ContactsRoute() {
  const { customerId } = Route.useParams() as { customerId: string };
  return <ContactsPage key={customerId} customerId={Number(customerId)} />;
}
