import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ObjectPicker } from '../../features/landscape/components/object-picker.tsx';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { NewTicketPage } from '../../features/tickets/components/new-ticket-page.tsx';
import { validateNewTicketSearch } from '../../features/tickets/utils/search-params.ts';
import { strictSearch, textParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/support/new-ticket')({
  staticData: { requirement: access.newTicket, title: { page: 'titles.newTicket', area: 'support' } },
  beforeLoad: guard(access.newTicket),
  // ?object=devices/12, a server's "report a problem" link: any text, the picker shows what the
  // landscape makes of it and the API checks it on submit.
  validateSearch: strictSearch((search) => ({
    ...validateNewTicketSearch(search),
    object: textParam(search.object, 200) || undefined,
  })),
  loader: ({ context }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    if (customerId === undefined) return;
    void queryClient.ensureQueryData(ticketsQueries.requestTypes(api, customerId)).catch(() => undefined);
  },
  component: NewTicketRoute,
});

function NewTicketRoute() {
  const { request, object } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NewTicketPage
      request={request}
      onRequestChange={(kind) =>
        void navigate({ search: { request: kind, ...(object ? { object } : {}) } as never, replace: true })
      }
      object={{ initial: object, field: ObjectPicker }}
      onCreated={(ticket) =>
        void navigate({ to: '/support/ticket/$id', params: { id: String(ticket.ticket_id) } })
      }
    />
  );
}
