// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Notification } from '@portaal/contracts';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { SelectedCustomer } from '../../../lib/selected-customer.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { NotificationBell } from './notification-bell.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/**
 * A time that reads "yesterday" at any hour: 25 hours ago, but never before yesterday's midnight
 * (at 05:00, 30 hours ago was the day before yesterday).
 */
function yesterday(): string {
  const now = new Date();
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  return new Date(Math.max(startOfYesterday, now.getTime() - 25 * 60 * 60_000)).toISOString();
}

const reply: Notification = {
  notification_id: 31,
  kind: 'ticket_reply',
  customer_id: 1001,
  ticket_id: 12,
  params: { ticket_subject: 'Printer offline', actor_name: 'Service desk' },
  created_at: minutesAgo(5),
  read_at: null,
};
const closed: Notification = {
  notification_id: 30,
  kind: 'ticket_status',
  customer_id: 2002,
  ticket_id: 9,
  params: { ticket_subject: 'VPN slow', actor_name: 'Olga Owner', status: 'closed' },
  created_at: yesterday(),
  read_at: minutesAgo(60),
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });

/**
 * The bell in a real router, with the real API client over a fetch that answers like the API: the
 * answer function sees every request; the default list and summary come from `state`.
 */
async function renderBell({
  language = 'en',
  notifications = [reply, closed],
  answer,
  selected = { id: 1001, name: 'Bakkerij De Gouden Korst B.V.' },
  onOpen,
}: {
  onOpen?: (notification: Notification) => void;
  language?: 'en' | 'nl';
  notifications?: Notification[];
  answer?: (sent: Sent) => Response | undefined;
  selected?: SelectedCustomer;
} = {}) {
  const state = { notifications: structuredClone(notifications) };
  const unread = () => state.notifications.filter((item) => item.read_at === null).length;
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    const custom = answer?.(request);
    if (custom) return custom;
    const path = request.url.split('?')[0];
    if (path === '/api/v2/me/notifications/summary') return json(200, { unread: unread() });
    if (path === '/api/v2/me/notifications') {
      const onlyUnread = request.url.includes('unread=true');
      return json(
        200,
        state.notifications.filter((item) => !onlyUnread || item.read_at === null),
      );
    }
    if (path === '/api/v2/me/notifications/read-all' && request.method === 'POST') {
      for (const item of state.notifications) item.read_at ??= new Date().toISOString();
      return json(200, { unread: 0 });
    }
    const patch = /^\/api\/v2\/me\/notifications\/(\d+)$/.exec(path ?? '');
    if (patch && request.method === 'PATCH') {
      const item = state.notifications.find((entry) => entry.notification_id === Number(patch[1]));
      if (!item) return json(404, { code: 'NOTIFICATION_NOT_FOUND' });
      item.read_at = (request.body as { read: boolean }).read ? new Date().toISOString() : null;
      return json(200, item);
    }
    if (path === '/api/v2/customer/2002')
      return json(200, { customer_id: 2002, display_name: 'Kaasboer B.V.' });
    return json(404, { code: 'NOT_FOUND' });
  };

  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: {
      en: { default: readLocale('en', 'default'), global: readLocale('en', 'global') },
      nl: { default: readLocale('nl', 'default'), global: readLocale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });

  const selections: SelectedCustomer[] = [];
  let current: SelectedCustomer | undefined = selected;
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    selected: { get: () => current, subscribe: () => () => {} },
    selectCustomer: (customer: SelectedCustomer) => {
      selections.push(customer);
      current = customer;
    },
    // A customer's user: no global rights, so the customers' general texts.
    can: () => false,
  } as unknown as Session;

  const root = createRootRoute({
    component: () => (
      <>
        <NotificationBell onOpen={onOpen} />
        <Outlet />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> });
  const ticket = createRoute({
    getParentRoute: () => root,
    path: '/support/ticket/$id',
    component: function TicketStub() {
      const { id } = ticket.useParams();
      return <h1>{`Ticket ${id}`}</h1>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([home, ticket]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderScreen({ router: router, session: session, queryClient: queryClient, i18n: i18n });
  await screen.findByText('Home');
  return { sent, selections, router, user: userEvent.setup() };
}

const badge = () => screen.getByTestId('notification-badge');

describe('the notification bell', () => {
  it('shows the unread count as a badge and in its accessible name', async () => {
    await renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(badge()).toHaveTextContent('1');
  });

  it('caps the badge at 9+ but names the exact number', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...reply, notification_id: 100 + index }));
    await renderBell({ notifications: many });
    await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(badge()).toHaveTextContent('9+');
  });

  it('has no badge and a plain name without unread notifications', async () => {
    const { sent } = await renderBell({ notifications: [closed] });
    await waitFor(() => expect(sent.some((r) => r.url.endsWith('/summary'))).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(badge()).not.toHaveTextContent(/\d/);
  });

  it('stays, quietly marked, when the count cannot be loaded, and asks again when opened', async () => {
    let down = true;
    const { user } = await renderBell({
      answer: (request) =>
        down && request.url.endsWith('/summary')
          ? json(503, { status: 503, code: 'UNAVAILABLE' })
          : undefined,
    });
    const bell = await screen.findByRole('button', { name: 'Notifications could not be loaded' });
    expect(badge()).toHaveTextContent('!');
    await user.hover(bell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Notifications could not be loaded');
    down = false;
    await user.click(bell);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent('1');
  });

  it('says in Dutch that the notifications could not be loaded', async () => {
    await renderBell({
      language: 'nl',
      answer: (request) =>
        request.url.endsWith('/summary') ? json(503, { status: 503, code: 'UNAVAILABLE' }) : undefined,
    });
    expect(
      await screen.findByRole('button', { name: 'De meldingen konden niet worden geladen' }),
    ).toBeInTheDocument();
  });

  it('lists newest first, read and unread told apart, and closes with Esc back on the bell', async () => {
    const { user } = await renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(dialog).findAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Service desk replied to ticket #12: Printer offline');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    // SPEC.md's date format, with the exact instant on the time element.
    const time = items[0]?.querySelector('time');
    expect(time?.textContent).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(time?.textContent).toBe(formatDateTime(String(time?.getAttribute('datetime'))));
    expect(items[0]).toHaveAttribute('data-unread');
    expect(items[1]).toHaveTextContent('Read: Ticket #9 is now closed: VPN slow');
    expect(items[1]).toHaveTextContent('yesterday');
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('is in Dutch for a Dutch user', async () => {
    const { user } = await renderBell({ language: 'nl' });
    await user.click(await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meldingen' });
    const items = await within(dialog).findAllByTestId('notification');
    expect(items[0]).toHaveTextContent(
      'Ongelezen: Service desk heeft gereageerd op ticket #12: Printer offline',
    );
    expect(items[0]).toHaveTextContent('5 minuten geleden');
    expect(items[1]).toHaveTextContent('Ticket #9 is nu gesloten: VPN slow');
    expect(items[1]).toHaveTextContent('gisteren');
    expect(within(dialog).getByRole('button', { name: 'Alles als gelezen markeren' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('marks all as read: the badge goes and every item reads as read', async () => {
    const { user, sent } = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('notification');
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/v2/me/notifications/read-all',
    ]);
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('notification')[0]).not.toHaveAttribute('data-unread'),
    );
    const markAll = within(dialog).getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    // The focus stays in the popover, so Esc still closes it and returns to the bell.
    expect(markAll).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('marks one as unread and as read again', async () => {
    const { user, sent } = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    const items = await within(dialog).findAllByTestId('notification');
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Mark as unread' }));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/v2/me/notifications/30', body: { read: false } },
      { method: 'PATCH', url: '/api/v2/me/notifications/31', body: { read: true } },
    ]);
  });

  it('under "Unread", marking one read moves the focus to the next item, then the title; Esc still closes', async () => {
    const second = {
      ...reply,
      notification_id: 29,
      ticket_id: 8,
      params: { ...reply.params, ticket_subject: 'Disk full' },
    };
    const { user } = await renderBell({ notifications: [reply, second, closed] });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('notification');
    await user.click(within(dialog).getByText('Unread'));
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(2));

    const first = within(dialog).getAllByTestId('notification')[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(1));
    const next = within(dialog).getByRole('button', { name: /Disk full/ });
    await waitFor(() => expect(next).toHaveFocus());

    const last = within(dialog).getByTestId('notification');
    await user.click(within(last).getByRole('button', { name: 'Mark as read' }));
    expect(await within(dialog).findByText('No unread notifications')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Notifications' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('leaves the focus on the filter when the list changes after marking one', async () => {
    const { user } = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    const items = await within(dialog).findAllByTestId('notification');
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Mark as unread' }));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const unread = within(dialog).getByRole('radio', { name: 'Unread' });
    await user.click(unread);
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(2));
    expect(unread).toHaveFocus();
  });

  it('opens a notification: marks it read, tells the layout, and goes to the ticket', async () => {
    const opened: Notification[] = [];
    const { user, sent, selections, router } = await renderBell({
      onOpen: (notification) => opened.push(notification),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('button', { name: /Service desk replied to ticket #12/ }),
    );
    expect(await screen.findByRole('heading', { name: 'Ticket 12' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support/ticket/12');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByRole('button', { name: 'Notifications' });
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/v2/me/notifications/31', body: { read: true } },
    ]);
    // Same customer as selected: no switch.
    expect(selections).toEqual([]);
    expect(opened.map((item) => item.notification_id)).toEqual([31]);
  });

  it("switches to the notification's customer before opening a ticket of another customer", async () => {
    const { user, sent, selections, router } = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /Ticket #9 is now closed/ }));
    expect(await screen.findByRole('heading', { name: 'Ticket 9' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support/ticket/9');
    expect(selections).toEqual([{ id: 2002, name: 'Kaasboer B.V.' }]);
    // Already read: no PATCH.
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('pages with "Load more" through the Link header', async () => {
    const older = {
      ...closed,
      notification_id: 5,
      ticket_id: 3,
      params: { ...closed.params, ticket_subject: 'Old one' },
    };
    const { user, sent } = await renderBell({
      answer: (request) => {
        if (!request.url.startsWith('/api/v2/me/notifications?')) return undefined;
        return request.url.includes('cursor=c2')
          ? json(200, [older])
          : json(200, [reply, closed], {
              link: '</api/v2/me/notifications?limit=20&cursor=c2>; rel="next"',
            });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByTestId('notification')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(3));
    expect(within(dialog).getAllByTestId('notification')[2]).toHaveTextContent('Old one');
    // The focus moved to the first new notification, as the button is gone.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Old one/ })).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const lists = sent.filter((r) => r.url.startsWith('/api/v2/me/notifications?'));
    expect(lists.map((r) => r.url)).toEqual([
      '/api/v2/me/notifications?limit=20',
      '/api/v2/me/notifications?limit=20&cursor=c2',
    ]);
  });

  it('shows the empty state, and filters on unread', async () => {
    const { user, sent } = await renderBell({ notifications: [closed] });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('notification');
    await user.click(within(dialog).getByText('Unread'));
    expect(await within(dialog).findByText('No unread notifications')).toBeInTheDocument();
    expect(sent.some((r) => r.url === '/api/v2/me/notifications?unread=true&limit=20')).toBe(true);
  });

  it('says so when there are no notifications at all', async () => {
    const { user } = await renderBell({ notifications: [] });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('shows a load error with a way to try again', async () => {
    let fail = true;
    const { user } = await renderBell({
      answer: (request) =>
        fail && request.url.startsWith('/api/v2/me/notifications?')
          ? json(403, { code: 'FORBIDDEN', status: 403 })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The notifications could not be loaded.');
    expect(alert).toHaveTextContent('You do not have the rights for this action.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('notification')).toHaveLength(2);
  });
});
