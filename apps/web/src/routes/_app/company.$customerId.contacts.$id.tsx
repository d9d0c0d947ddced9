import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { contactsQueries } from '../../features/contacts/api/contacts-queries.ts';
import { ContactDetailPage } from '../../features/contacts/components/contact-detail-page.tsx';

/** A positive 32-bit id, as the API accepts; anything else is a page that does not exist. */
const validId = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

export const Route = createFileRoute('/_app/company/$customerId/contacts/$id')({
  staticData: { requirement: access.company, title: { page: 'titles.contact', area: 'company' } },
  beforeLoad: (args) => {
    if (!validId(args.params.customerId) || !validId(args.params.id)) throw notFound();
    return guard(access.company, (params) => params.customerId)(args);
  },
  loader: ({ context, params }) => {
    const { api, queryClient } = context.session;
    void queryClient
      .ensureQueryData(contactsQueries.detail(api, Number(params.customerId), Number(params.id)))
      .catch(() => undefined);
  },
  component: ContactRoute,
});

function ContactRoute() {
  const { customerId, id } = Route.useParams();
  return (
    <ContactDetailPage key={`${customerId}/${id}`} customerId={Number(customerId)} contactId={Number(id)} />
  );
}
