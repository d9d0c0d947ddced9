// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import {
  CUSTOMER,
  json,
  location,
  problem,
  type Sent,
  setupTickets,
  setWide,
  summary,
} from '../test-kit.tsx';

beforeAll(installDomShims);
beforeEach(() => setWide(false));
afterEach(() => {
  cleanup();
  notifications.clean();
});

const listUrl = `/api/v2/customer/${CUSTOMER}/tickets`;
const lists = (sent: Sent[]) => sent.filter((request) => request.url.startsWith(listUrl));
const query = (request: Sent | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://test').searchParams);

/**
 * A list answer as the API gives it: only the tickets of the statuses asked for (the page asks for
 * "awaiting your reply" and the other open tickets separately when no status is chosen).
 */
function serve(request: Sent, list: ReturnType<typeof summary>[], headers?: Record<string, string>) {
  const wanted = query(request).status?.split(',');
  return json(200, wanted ? list.filter((ticket) => wanted.includes(ticket.status)) : list, headers);
}

const tickets = [
  summary(),
  summary({
    ticket_id: 10002,
    subject: 'Invoice address is wrong',
    category: 'administrative_request',
    department: 'administration',
    status: 'in_progress',
    priority: 1,
    author: { user_id: 'o', name: 'Olaf Owner', staff: false },
    updated_at: '2026-03-01T09:30:00Z',
    message_count: 1,
    attachment_count: 0,
  }),
];

describe('support overview', () => {
  it('lists the tickets as cards on phones: number, subject link, badges, update time, author, counts', async () => {
    const { renderAt, sent } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support');
    const cards = await screen.findByTestId('ticket-cards');
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Mail server rejects our messages' })).toHaveAttribute(
      'href',
      '/support/ticket/10001',
    );
    expect(first.getByText('#10001')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByText('Normal')).toBeInTheDocument();
    expect(first.getByText('Technical request')).toBeInTheDocument();
    expect(first.getByText(/Vera Viewer · updated \d{2}-03-2026 \d{2}:05/)).toBeInTheDocument();
    expect(first.getByText('2 messages, 1 attachment')).toBeInTheDocument();
    const second = within(items[1] as HTMLElement);
    expect(second.getByText('In progress')).toBeInTheDocument();
    expect(second.getByText('High').closest('[data-priority]')).toHaveAttribute('data-priority', '1');
    expect(second.getByText('1 message')).toBeInTheDocument();
    expect(screen.getByText('2 tickets shown')).toBeInTheDocument();
    // Open tickets by default: "awaiting your reply" as a section of its own first, then the rest.
    expect(lists(sent).map(query)).toEqual([
      { status: 'awaiting_reply', limit: '25' },
      { status: 'new,open,in_progress', limit: '25' },
    ]);
  });

  it('shows a table with column headers on wide screens; rows link to the ticket', async () => {
    setWide(true);
    const { renderAt, user } = setupTickets({
      answer: (request) =>
        request.url.startsWith(listUrl) && !request.url.includes('/tickets/')
          ? serve(request, tickets)
          : problem(404, 'TICKET_NOT_FOUND'),
    });
    await renderAt('/support');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ticket', 'Subject', 'Status', 'Priority', 'Last update', 'Author', 'Activity']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(within(table).getByRole('link', { name: 'Invoice address is wrong' }));
    await waitFor(() => expect(location()).toBe('/support/ticket/10002'));
  });

  it('offers "New ticket" only with ticket-edit', async () => {
    const reader = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read'] },
      answer: (request) => serve(request, tickets),
    });
    await reader.renderAt('/support');
    await screen.findByTestId('ticket-cards');
    expect(screen.queryByRole('link', { name: 'New ticket' })).not.toBeInTheDocument();
    cleanup();
    const writer = setupTickets({ answer: (request) => serve(request, tickets) });
    await writer.renderAt('/support');
    expect(await screen.findByRole('link', { name: 'New ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket',
    );
  });

  it('searches after typing pauses, once, and keeps the search in the URL', async () => {
    const { renderAt, sent, user } = setupTickets({
      answer: (request) =>
        serve(request, query(request).search ? [tickets[1] as (typeof tickets)[number]] : tickets),
    });
    await renderAt('/support');
    await screen.findByText('2 tickets shown');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'invoice');
    await screen.findByText('1 ticket shown');
    expect(location()).toBe('/support?q=invoice');
    const searches = lists(sent).filter((request) => query(request).search !== undefined);
    // Once per section: "awaiting your reply" and the other open tickets.
    expect(searches.map((request) => query(request).search)).toEqual(['invoice', 'invoice']);
  });

  it('waits for 3 characters (or a ticket number) before it searches, and says so meanwhile', async () => {
    const { renderAt, sent, user } = setupTickets({
      answer: (request) =>
        serve(request, query(request).search ? [tickets[1] as (typeof tickets)[number]] : tickets),
    });
    await renderAt('/support');
    await screen.findByText('2 tickets shown');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'in');
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('Type at least 3 characters, or a ticket number.'),
    );
    // Well past the typing pause: nothing was searched, and what was typed stays in the box.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lists(sent).filter((request) => query(request).search !== undefined)).toEqual([]);
    expect(box).toHaveValue('in');
    await user.type(box, 'v');
    await screen.findByText('1 ticket shown');
    expect(box).not.toHaveAccessibleDescription();
    await user.clear(box);
    await user.type(box, '#7');
    await waitFor(() => expect(lists(sent).map((request) => query(request).search)).toContain('#7'));
    expect(box).not.toHaveAccessibleDescription();
  }, 15_000);

  it("says a link's search is too short, as when typed, and lists without it", async () => {
    const { renderAt, sent } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support?q=ab');
    await screen.findByText('2 tickets shown');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('ab');
    expect(box).toHaveAccessibleDescription('Type at least 3 characters, or a ticket number.');
    expect(lists(sent).filter((request) => query(request).search !== undefined)).toEqual([]);
  });

  it('reads filters from the URL and sends them to the API as comma lists', async () => {
    const { renderAt, sent } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support?status=closed,open&priority=1&category=incident_request&q=10001');
    await screen.findByTestId('ticket-cards');
    expect(query(lists(sent)[0])).toEqual({
      status: 'open,closed',
      priority: '1',
      category: 'incident_request',
      search: '10001',
      limit: '25',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('10001');
  });

  it('filters by status through the multi-select', async () => {
    setWide(true);
    const { renderAt, sent, user } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support');
    await screen.findByTestId('ticket-table');
    // Wide screens show every filter at once, without a "Filters" button.
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    // The selects load with their own chunk (ticket-filter-selects.tsx), right after the list.
    // Without a chosen status the list holds every open ticket, and says so: not 'Open', a status of its own.
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveAttribute('placeholder', 'All open');
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Awaiting reply' }));
    await waitFor(() => expect(location()).toBe('/support?status=awaiting_reply'));
    await waitFor(() => expect(query(lists(sent).at(-1))).toMatchObject({ status: 'awaiting_reply' }));
  });

  it('folds the filters behind a "Filters" button on phones, keeping the search, and counts the active ones', async () => {
    const { renderAt, user } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support?status=closed,open&priority=1');
    await screen.findByTestId('ticket-cards');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters, 3 active' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Request type' })).toBeInTheDocument();

    // Removing filters updates the count; with none the button is just "Filters".
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/support'));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(panel).not.toBeVisible();
  });

  it('names the "Filters" button in Dutch', async () => {
    const { renderAt } = setupTickets({ language: 'nl', answer: (request) => serve(request, tickets) });
    await renderAt('/support?status=open');
    await screen.findByTestId('ticket-cards');
    expect(screen.getByRole('button', { name: 'Filters, 1 actief' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toBeVisible();
  });

  it('says when there are no open tickets, with a way to create one', async () => {
    // Only the list with the closed ones has a ticket.
    const { renderAt } = setupTickets({
      answer: (request) => json(200, query(request).status?.includes('closed') ? tickets.slice(0, 1) : []),
    });
    await renderAt('/support');
    const open = await screen.findByTestId('tickets-empty');
    expect(within(open).getByRole('heading', { name: 'No open tickets' })).toBeInTheDocument();
    expect(within(open).getByText(/Show closed tickets/)).toBeInTheDocument();
    cleanup();
  });

  it('says "no tickets yet" on the default list of a customer that never had one, not "everything is answered"', async () => {
    const { renderAt, sent } = setupTickets({ answer: () => json(200, []) });
    await renderAt('/support');
    const empty = await screen.findByTestId('tickets-empty');
    expect(within(empty).getByRole('heading', { name: 'No tickets yet' })).toBeInTheDocument();
    expect(
      within(empty).getByText('Questions, incidents and change requests you send us appear here.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('tickets-count')).toHaveTextContent('No tickets yet');
    expect(lists(sent).some((request) => query(request).status?.includes('closed'))).toBe(true);
  });

  it('says when there are no tickets at all (closed ones included), with a way to create one', async () => {
    const { renderAt } = setupTickets({ answer: () => json(200, []) });
    await renderAt('/support?closed=true');
    const empty = await screen.findByTestId('tickets-empty');
    expect(within(empty).getByRole('heading', { name: 'No tickets yet' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'New ticket' })).toBeInTheDocument();
    expect(within(empty).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.getByTestId('tickets-count')).toHaveRole('status');
    expect(screen.getByTestId('tickets-count')).toHaveTextContent('No tickets yet');
  });

  it('announces a search that finds nothing, after one that found tickets', async () => {
    const { renderAt, user } = setupTickets({
      answer: (request) => serve(request, query(request).search ? [] : tickets),
    });
    await renderAt('/support');
    const status = await screen.findByTestId('tickets-count');
    await waitFor(() => expect(status).toHaveTextContent('2 tickets shown'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like this');
    await waitFor(() => expect(status).toHaveTextContent('No matching tickets'));
    expect(status).toHaveRole('status');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { renderAt, sent, user } = setupTickets({
      answer: (request) => json(200, query(request).status ? [] : tickets),
    });
    await renderAt('/support?status=new');
    const empty = await screen.findByTestId('tickets-empty');
    expect(within(empty).getByRole('heading', { name: 'No matching tickets' })).toBeInTheDocument();
    // Announced politely, not only shown.
    expect(screen.getByTestId('tickets-count')).toHaveRole('status');
    expect(screen.getByTestId('tickets-count')).toHaveTextContent('No matching tickets');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/support');
    await waitFor(() =>
      expect(query(lists(sent).at(-1))).toEqual({ status: 'new,open,in_progress', limit: '25' }),
    );
    // The button is gone; the focus went to the search field rather than the page body.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
  });

  it('clears the filters from the filter bar and keeps the focus in the form', async () => {
    const { renderAt, user } = setupTickets({ answer: (request) => serve(request, tickets) });
    await renderAt('/support?search=mail&priority=1');
    await screen.findByTestId('ticket-cards');
    const filters = screen.getByRole('search', { name: 'Search and filter tickets' });
    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/support'));
    expect(within(filters).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('loads more with the cursor of the Link header and moves the focus to the first new ticket', async () => {
    const { renderAt, sent, user } = setupTickets({
      answer: (request) =>
        query(request).cursor === 'page-2'
          ? json(200, [summary({ ticket_id: 9990, subject: 'Older ticket' })])
          : serve(request, tickets, { link: `<${listUrl}?limit=25&cursor=page-2>; rel="next"` }),
    });
    await renderAt('/support');
    await screen.findByText('2 tickets shown');
    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    await screen.findByText('3 tickets shown');
    expect(query(lists(sent).at(-1))).toEqual({
      status: 'new,open,in_progress',
      limit: '25',
      cursor: 'page-2',
    });
    expect(screen.getByRole('link', { name: 'Older ticket' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load more tickets' })).not.toBeInTheDocument();
    expect(screen.getByText('All tickets are shown.')).toBeInTheDocument();
  });

  it('shows a load error with a working retry', async () => {
    let fail = true;
    const { renderAt, user } = setupTickets({
      answer: (request) => (fail ? problem(403, 'FORBIDDEN') : serve(request, tickets)),
    });
    await renderAt('/support');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You do not have the rights for this action.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('ticket-cards');
  });

  it('speaks Dutch', async () => {
    setWide(true);
    const { renderAt } = setupTickets({ language: 'nl', answer: (request) => serve(request, tickets) });
    await renderAt('/support');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Laatst bijgewerkt' })).toBeInTheDocument();
    expect(within(table).getByText('In behandeling')).toBeInTheDocument();
    expect(within(table).getByText('Hoog')).toBeInTheDocument();
    expect(within(table).getAllByText('Laatste reactie: servicedesk')).toHaveLength(2);
    expect(screen.getByText('2 tickets getoond')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw ticket' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toBeInTheDocument();
  });

  it('shows what awaits the reply first, and closed tickets one switch away', async () => {
    const waiting = summary({ ticket_id: 10003, subject: 'Which IP range?', status: 'awaiting_reply' });
    const closed = summary({
      ticket_id: 10004,
      subject: 'Old question',
      status: 'closed',
      last_reply_by: 'customer',
    });
    const { renderAt, user } = setupTickets({
      answer: (request) => serve(request, [...tickets, waiting, closed]),
    });
    await renderAt('/support');
    const awaiting = await screen.findByTestId('tickets-awaiting');
    expect(within(awaiting).getByRole('heading', { name: 'Awaiting your reply' })).toBeInTheDocument();
    expect(within(awaiting).getByRole('link', { name: 'Which IP range?' })).toBeInTheDocument();
    const list = screen.getByTestId('tickets-list');
    expect(awaiting.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(list).queryByRole('link', { name: 'Old question' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show closed tickets' }));
    await waitFor(() => expect(location()).toBe('/support?closed=true'));
    expect(await within(list).findByRole('link', { name: 'Old question' })).toBeInTheDocument();
    expect(within(list).getByText(/Last reply: your organisation/)).toBeInTheDocument();
  });

  it('keeps the list back until the section above it has loaded, so the list never moves down', async () => {
    const waiting = summary({ ticket_id: 10003, subject: 'Which IP range?', status: 'awaiting_reply' });
    let release: () => void = () => {};
    const awaitingAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { renderAt } = setupTickets({
      answer: async (request) => {
        if (query(request).status === 'awaiting_reply') await awaitingAnswered;
        return serve(request, [...tickets, waiting]);
      },
    });
    await renderAt('/support');
    // The other open tickets have arrived, but the section above has not: a skeleton holds its place.
    expect(await screen.findByTestId('tickets-loading')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('tickets-list')).not.toBeInTheDocument();
    release();
    const list = await screen.findByTestId('tickets-list');
    const awaiting = screen.getByTestId('tickets-awaiting');
    expect(awaiting.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('tickets-loading')).not.toBeInTheDocument();
  });

  it('asks to choose a company when none is selected', async () => {
    const { renderAt, sent } = setupTickets({ customer: null });
    await renderAt('/support');
    expect(await screen.findByText(/No company is selected/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
