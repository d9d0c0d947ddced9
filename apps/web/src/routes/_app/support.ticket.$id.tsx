import { createFileRoute, notFound } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { TicketDetailPage } from '../../features/tickets/components/ticket-detail-page.tsx';
import { parseTicketId } from '../../features/tickets/utils/search-params.ts';

const checkAccess = guard(access.support);

export const Route = createFileRoute('/_app/support/ticket/$id')({
  staticData: { requirement: access.support },
  beforeLoad: async (args) => {
    // "abc" or "-1" is no ticket number: the page-not-found error, without asking the API.
    if (parseTicketId(args.params.id) === undefined) throw notFound();
    await checkAccess(args);
  },
  // Not awaited: the page shows its skeleton, and a 404 shows as the ticket's not-found state.
  loader: ({ context, params }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    const ticketId = parseTicketId(params.id);
    if (customerId === undefined || ticketId === undefined) return;
    void queryClient.ensureQueryData(ticketsQueries.detail(api, customerId, ticketId)).catch(() => undefined);
  },
  component: TicketRoute,
});

function TicketRoute() {
  const { id } = Route.useParams();
  return <TicketDetailPage ticketId={parseTicketId(id) ?? 0} />;
}
