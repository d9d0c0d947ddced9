// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import type { Ticket } from '@portaal/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import {
  CUSTOMER,
  json,
  location,
  message,
  people,
  problem,
  requestTypes,
  type Sent,
  setupTickets,
  setWide,
  ticket,
} from '../test-kit.tsx';

beforeAll(installDomShims);
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setWide(true));
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
});

const base = `/api/v2/customer/${CUSTOMER}`;
const detailUrl = `${base}/tickets/10001`;

const thread: Ticket = ticket({
  watchers: [people.owner],
  messages: [
    message({
      message_id: 1,
      body: 'Since this morning our mail bounces.',
      attachments: [
        {
          attachment_id: 7,
          message_id: 1,
          file_name: 'bounce.log',
          content_type: 'text/plain',
          size: 2560,
          created_at: '2026-03-02T08:15:00Z',
        },
      ],
    }),
    message({
      message_id: 3,
      author: people.staff,
      created_at: '2026-03-02T10:00:00Z',
      body: '',
      status_change: 'in_progress',
    }),
    message({
      message_id: 2,
      author: people.staff,
      created_at: '2026-03-02T09:00:00Z',
      body: 'We are looking into it.',
    }),
  ],
});

/** A server holding one ticket; writes change it the way the API would. */
function server(initial: Ticket = thread, refuse?: (sent: Sent) => Response | undefined) {
  let current = initial;
  let nextId = 10;
  return (sent: Sent) => {
    const refusal = refuse?.(sent);
    if (refusal) return refusal;
    if (sent.url === `${base}/request-types`) return json(200, requestTypes);
    if (sent.url === detailUrl && sent.method === 'GET') return json(200, current);
    if (sent.url === detailUrl && sent.method === 'PATCH') {
      const status = (sent.body as { status: Ticket['status'] }).status;
      current = {
        ...current,
        status,
        messages: [...current.messages, message({ message_id: nextId++, body: '', status_change: status })],
      };
      return json(200, current);
    }
    if (sent.url === `${detailUrl}/messages` && sent.method === 'POST') {
      const body = (sent.body instanceof FormData ? Object.fromEntries(sent.body) : sent.body) as {
        body: string;
        internal?: boolean | string;
      };
      current = {
        ...current,
        messages: [
          ...current.messages,
          message({
            message_id: nextId++,
            created_at: '2026-03-04T12:00:00Z',
            body: body.body,
            internal: body.internal === true || body.internal === 'true',
            author: current.can_write_internal ? people.staff : people.viewer,
          }),
        ],
      };
      return json(201, current);
    }
    return problem(404, 'NOT_FOUND');
  };
}

describe('ticket detail', () => {
  it('shows the header, the details and the thread oldest first, with status events and attachments', async () => {
    const { renderAt } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Mail server rejects our messages',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('#10001')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Technical request')).toBeInTheDocument();
    expect(within(details).getByText('Technical support')).toBeInTheDocument();
    expect(within(details).getByText('Olaf Owner')).toBeInTheDocument();
    expect(within(details).getByText('Vera Viewer')).toBeInTheDocument();
    expect(within(details).getByText(/^\d{2}-03-2026 \d{2}:15$/)).toBeInTheDocument();

    const items = Array.from(screen.getByTestId('ticket-thread').children);
    expect(items.map((item) => item.id)).toEqual(['message-1', 'message-2', 'message-3']);
    expect(within(items[1] as HTMLElement).getByText('Service desk')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Sam Servicedesk changed the status to In progress');
    const files = within(items[0] as HTMLElement).getByRole('list', { name: 'Attachments' });
    expect(within(files).getByText('bounce.log')).toBeInTheDocument();
    expect(within(files).getByText('2.5 KB')).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Download bounce.log' })).toBeInTheDocument();
  });

  it('shows the server the ticket is about: a link with infra-read, its name without, its id once gone', async () => {
    const about = ticket({ landscape_object: { id: 'devices/5', kind: 'devices', name: 'gk-esx01' } });
    const infra = setupTickets({
      answer: server(about),
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'infra-read'] },
    });
    await infra.renderAt('/support/ticket/10001');
    const link = await screen.findByTestId('ticket-object-link');
    expect(link).toHaveTextContent('gk-esx01');
    expect(link).toHaveAttribute('href', '/servers/system-landscape/devices/5');
    expect(within(screen.getByRole('region', { name: 'Details' })).getByText('About')).toBeInTheDocument();
    cleanup();

    const plain = setupTickets({ answer: server(about) });
    await plain.renderAt('/support/ticket/10001');
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('gk-esx01')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-object-link')).not.toBeInTheDocument();
    cleanup();

    const gone = ticket({ landscape_object: { id: 'devices/5', kind: 'devices', name: null } });
    await setupTickets({ answer: server(gone) }).renderAt('/support/ticket/10001');
    const region = await screen.findByRole('region', { name: 'Details' });
    expect(region).toHaveTextContent('devices/5 (no longer in your landscape)');
  });

  it('replies: posts the message, refreshes the thread, clears the form and focuses the new message', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(screen.queryByRole('switch', { name: /Internal note/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(box).toHaveAccessibleDescription('This field is required.');
    await user.type(box, 'It works again, thanks!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    const newest = await screen.findByText('It works again, thanks!');
    await waitFor(() => expect(newest.closest('li')).toHaveFocus());
    expect(box).toHaveValue('');
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ body: 'It works again, thanks!' });
    // The detail is asked again after the reply, so the thread matches the server.
    await waitFor(() =>
      expect(sent.filter((request) => request.url === detailUrl && request.method === 'GET').length).toBe(2),
    );
  });

  it('asks before a half-written reply is left, and not once it is sent', async () => {
    const { renderAt, user } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'All tickets' }));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/support/ticket/10001');
    expect(box).toHaveValue('Half a thought');

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All tickets' }));
    await waitFor(() => expect(location()).toBe('/support'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers to sign in again when the session expired while replying, the draft still in the form', async () => {
    const expired = (sent: Sent) =>
      sent.method === 'POST'
        ? new Response(JSON.stringify({ status: 401, title: 'Unauthorized', code: 'UNAUTHENTICATED' }), {
            status: 401,
            headers: { 'content-type': 'application/problem+json', 'www-authenticate': 'Bearer' },
          })
        : undefined;
    const { renderAt, logins, user } = setupTickets({ answer: server(thread, expired) });
    await renderAt('/support/ticket/10001');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(box).toHaveValue('Half a thought');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(logins).toEqual([window.location.href]);
    expect(box).toHaveValue('Half a thought');
  });

  it('shows staff the general error text meant for the provider', async () => {
    const fault = (sent: Sent) => (sent.method === 'POST' ? problem(500, 'INTERNAL') : undefined);
    const { renderAt, user } = setupTickets({
      answer: server(thread, fault),
      rights: { global: ['company-read', 'ticket-read', 'ticket-edit'] },
    });
    await renderAt('/support/ticket/10001');
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText('Please try again. If the problem persists, tell the development team.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in again' })).not.toBeInTheDocument();
    // The failed save blames no field: the focus is on the announced message, not on the body.
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveAttribute('tabindex', '-1');
  });

  it('sends attachments with a reply as multipart', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Log attached.');
    await user.upload(screen.getByLabelText('Add files', { selector: 'input' }), [
      new File(['line 1\n'], 'mail.txt', { type: 'text/plain' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('Reply sent');
    const form = sent.find((request) => request.method === 'POST')?.body as FormData;
    expect(form.get('body')).toBe('Log attached.');
    expect((form.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['mail.txt']);
    expect(screen.queryByText('mail.txt')).not.toBeInTheDocument();
  });

  it('gives staff an internal-note switch and a status choice, and marks internal notes', async () => {
    const staffTicket = ticket({
      ...thread,
      can_write_internal: true,
      allowed_statuses: ['new', 'open', 'in_progress', 'awaiting_reply', 'closed'],
      messages: [
        ...thread.messages,
        message({ message_id: 4, author: people.staff, body: 'Customer uses an old relay.', internal: true }),
      ],
    });
    const { renderAt, sent, user } = setupTickets({
      rights: { global: ['ticket-read', 'ticket-edit'] },
      answer: server(staffTicket),
    });
    await renderAt('/support/ticket/10001');
    const note = (await screen.findByText('Customer uses an old relay.')).closest('li') as HTMLElement;
    expect(note).toHaveAttribute('data-internal', 'true');
    expect(within(note).getByText('Internal note')).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Your message' }),
      'Asked the customer for the relay.',
    );
    await user.click(screen.getByRole('switch', { name: /Internal note/ }));
    await user.click(screen.getByRole('combobox', { name: 'Status after sending' }));
    await user.click(await screen.findByRole('option', { name: 'Awaiting reply' }));
    await user.click(screen.getByRole('button', { name: 'Save internal note' }));
    expect(await screen.findByText('Internal note saved')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      body: 'Asked the customer for the relay.',
      internal: true,
      status: 'awaiting_reply',
    });
  });

  it('lets a customer close the ticket and reopen it', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    // Closing asks first; the reason is optional.
    const dialog = await screen.findByRole('dialog', { name: 'Close this ticket?' });
    // Its title bar is no second banner landmark beside the page's header (axe best practice).
    expect(dialog.querySelector('header')).toBeNull();
    expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Close this ticket?' })).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Status changed to Closed')).toBeInTheDocument();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ url: detailUrl, body: { status: 'closed' } });
    const reopen = await screen.findByRole('button', { name: 'Reopen ticket' });
    expect(screen.getByText('This ticket is closed. Replying reopens it.')).toBeInTheDocument();
    // The same button changed its words: the keyboard focus is still on it.
    expect(reopen).toHaveFocus();
  });

  it('closes with a reason as a reply that closes the ticket, or not at all when kept open', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: server() });
    await renderAt('/support/ticket/10001');
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close this ticket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    dialog = await screen.findByRole('dialog', { name: 'Close this ticket?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Solved, thank you');
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
        body: 'Solved, thank you',
        status: 'closed',
      }),
    );
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('shows no status actions or reply form when the ticket allows none', async () => {
    const { renderAt } = setupTickets({
      answer: server(ticket({ ...thread, can_reply: false, allowed_statuses: [] })),
    });
    await renderAt('/support/ticket/10001');
    expect(await screen.findByText('You cannot reply to this ticket.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('says clearly when the ticket does not exist, with a way back', async () => {
    const { renderAt, user } = setupTickets({ answer: () => problem(404, 'TICKET_NOT_FOUND') });
    await renderAt('/support/ticket/424242');
    const state = await screen.findByTestId('ticket-not-found');
    expect(
      within(state).getByRole('heading', { level: 1, name: 'Ticket #424242 not found' }),
    ).toBeInTheDocument();
    expect(within(state).getByText('This ticket does not exist or you cannot see it.')).toBeInTheDocument();
    await user.click(within(state).getByRole('link', { name: 'Back to the tickets' }));
    await waitFor(() => expect(location()).toBe('/support'));
  });

  it('downloads an attachment with the token and hands it to the browser', async () => {
    // jsdom has no object URLs; these stand in for the browser's and are removed afterwards.
    const created = vi.fn((_blob: Blob) => 'blob:portaal/1');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const answer = server();
    const { renderAt, sent, user } = setupTickets({
      answer: (request) =>
        request.url === `${detailUrl}/attachments/7`
          ? new Response('bounced: 550', {
              status: 200,
              headers: {
                'content-type': 'text/plain',
                'content-disposition': 'attachment; filename="bounce.log"',
              },
            })
          : answer(request),
    });
    await renderAt('/support/ticket/10001');
    const button = await screen.findByRole('button', { name: 'Download bounce.log' });
    await user.click(button);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    // Busy, the button stays focusable (not disabled), so the focus is still on it afterwards.
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('bounce.log');
    expect(link.href).toBe('blob:portaal/1');
    const blob = created.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe('bounced: 550');
    expect(sent.find((request) => request.url.endsWith('/attachments/7'))?.headers.accept).toBe('*/*');
  });

  it('shows the failed-download message as a toast', async () => {
    const answer = server();
    const { renderAt, user } = setupTickets({
      answer: (request) =>
        request.url === `${detailUrl}/attachments/7` ? problem(404, 'ATTACHMENT_NOT_FOUND') : answer(request),
    });
    await renderAt('/support/ticket/10001');
    await user.click(await screen.findByRole('button', { name: 'Download bounce.log' }));
    expect(await screen.findByText('The download failed. Please try again.')).toBeInTheDocument();
  });

  it('speaks Dutch', async () => {
    const { renderAt } = setupTickets({ language: 'nl', answer: server() });
    await renderAt('/support/ticket/10001');
    expect(await screen.findByRole('heading', { name: 'Gesprek' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reageren' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Sam Servicedesk heeft de status gewijzigd in In behandeling/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'bounce.log downloaden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ticket sluiten' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Uw bericht' })).toBeInTheDocument();
  });
});

describe('watchers', () => {
  const frank = { user_id: 'frank', name: 'Frank Finance', staff: false };
  /** The ticket's server with watcher routes: candidates are the members not watching yet. */
  function watching(initial: Ticket) {
    let current = initial;
    const members = [people.owner, frank];
    const inner = server(initial);
    return (sent: Sent) => {
      if (sent.url === `${detailUrl}/watcher-candidates`) {
        const taken = current.watchers.map((person) => person.user_id);
        return json(
          200,
          members.filter((person) => !taken.includes(person.user_id)),
        );
      }
      const id = /\/watchers\/([^/]+)$/.exec(sent.url)?.[1];
      if (id && sent.method === 'PUT') {
        current = { ...current, watchers: [...current.watchers, ...members.filter((p) => p.user_id === id)] };
        return json(200, current);
      }
      if (id && sent.method === 'DELETE') {
        current = { ...current, watchers: current.watchers.filter((p) => p.user_id !== id) };
        return new Response(null, { status: 204 });
      }
      if (sent.url === detailUrl && sent.method === 'GET') return json(200, current);
      return inner(sent);
    };
  }

  it('adds a user of the company and removes a watcher, each with a toast', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: watching(thread) });
    await renderAt('/support/ticket/10001');
    const details = await screen.findByRole('region', { name: 'Details' });
    const add = within(details).getByRole('button', { name: 'Add' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(details).getByRole('combobox', { name: 'Add a watcher' }));
    await user.click(await screen.findByRole('option', { name: 'Frank Finance' }));
    await user.click(add);
    expect(await screen.findByText('Frank Finance now watches this ticket')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'PUT' && request.url.endsWith('/watchers/frank'))).toBe(
      true,
    );
    expect(
      await within(details).findByRole('button', { name: 'Remove Frank Finance as watcher' }),
    ).toBeVisible();

    await user.click(within(details).getByRole('button', { name: 'Remove Olaf Owner as watcher' }));
    expect(await screen.findByText('Olaf Owner no longer watches this ticket')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(details).queryByRole('button', { name: 'Remove Olaf Owner as watcher' })).toBeNull(),
    );
  });

  it('shows the names only to those who cannot answer', async () => {
    const { renderAt, sent } = setupTickets({ answer: watching(ticket({ ...thread, can_reply: false })) });
    await renderAt('/support/ticket/10001');
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Olaf Owner')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /as watcher/ })).toBeNull();
    expect(sent.some((request) => request.url.endsWith('/watcher-candidates'))).toBe(false);
  });
});
