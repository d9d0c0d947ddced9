import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { contactsQueries } from '../../features/contacts/api/contacts-queries.ts';
import { ContactsPage } from '../../features/contacts/components/contacts-page.tsx';

/** A positive 32-bit id, as the API accepts; anything else is a page that does not exist. */
const validId = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

export const Route = createFileRoute('/_app/company/$customerId/contacts/')({
  staticData: { requirement: access.company, title: { page: 'nav.contacts', area: 'company' } },
  beforeLoad: (args) => {
    if (!validId(args.params.customerId)) throw notFound();
    return guard(access.company, (params) => params.customerId)(args);
  },
  // Not awaited: the page shows its placeholders, and a failure shows in the page with "try again".
  loader: ({ context, params }) => {
    const { api, queryClient } = context.session;
    const customerId = Number(params.customerId);
    void queryClient.ensureQueryData(contactsQueries.list(api, customerId)).catch(() => undefined);
  },
  component: ContactsRoute,
});

function ContactsRoute() {
  const { customerId } = Route.useParams();
  return <ContactsPage key={customerId} customerId={Number(customerId)} />;
}
