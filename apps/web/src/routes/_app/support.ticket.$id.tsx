import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { selectCustomerById } from '../../app/session.ts';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { watcherQueries } from '../../features/tickets/api/watcher-queries.ts';
import { TicketDetailPage } from '../../features/tickets/components/ticket-detail-page.tsx';
import { parseTicketId, validateTicketSearch } from '../../features/tickets/utils/search-params.ts';
import { strictSearch } from '../../lib/search-params.ts';

const checkLogin = guard('login');
const checkAccess = guard(access.support);

// Hoisted: written inline, this generic call left the route's search typed as {}.
const validateSearch = strictSearch(validateTicketSearch);

export const Route = createFileRoute('/_app/support/ticket/$id')({
  staticData: { requirement: access.support, title: { page: 'titles.ticket', area: 'support' } },
  // ?customer=1002 comes with the links in notification mails: the ticket belongs to that customer.
  validateSearch,
  beforeLoad: async (args) => {
    // "abc" or "-1" is no ticket number: the page-not-found error, without asking the API.
    if (parseTicketId(args.params.id) === undefined) throw notFound();
    const { customer } = args.search;
    if (customer !== undefined) {
      await checkLogin(args);
      const { session } = args.context;
      // A customer the user cannot open is left alone: the ticket then shows as not found.
      if (session.can(access.support, customer)) await selectCustomerById(session, customer);
      throw redirect({ to: '/support/ticket/$id', params: args.params, search: {}, replace: true });
    }
    await checkAccess(args);
    // Staff open any ticket by its number: its customer is selected for them (ticket numbers are
    // unique), so they never need the switcher. A number that does not exist stays the page's 404.
    const { session } = args.context;
    const ticketId = parseTicketId(args.params.id);
    if (ticketId !== undefined && session.can(access.adminTickets)) {
      // Loaded for staff only: customers' start stays without it.
      const { deskQueries } = await import('../../features/tickets/api/desk-queries.ts');
      const location = await session.queryClient
        .fetchQuery(deskQueries.location(session.api, ticketId))
        .catch(() => undefined);
      if (location) await selectCustomerById(session, location.customer_id);
    }
  },
  // Not awaited: the page shows its skeleton, and a 404 shows as the ticket's not-found state.
  loader: ({ context, params }) => {
    const { api, queryClient, selected } = context.session;
    const customerId = selected.get()?.id;
    const ticketId = parseTicketId(params.id);
    if (customerId === undefined || ticketId === undefined) return;
    void queryClient
      .ensureQueryData(ticketsQueries.detail(api, customerId, ticketId))
      .then((ticket) => {
        // What the reply form and the watchers ask for, asked for as soon as the ticket says they show,
        // instead of after the page has drawn it (a round trip less before the screen is complete).
        if (!ticket.can_reply) return;
        void queryClient.prefetchQuery(ticketsQueries.requestTypes(api, customerId));
        void queryClient.prefetchQuery(watcherQueries.candidates(api, customerId, ticketId));
      })
      .catch(() => undefined);
  },
  component: TicketRoute,
});

function TicketRoute() {
  const { id } = Route.useParams();
  return <TicketDetailPage ticketId={parseTicketId(id) ?? 0} />;
}
