// Test support for the tickets screens: the real components, API client, router, i18n resources and
// Mantine, over a fetch that answers the way the API does. Only imported by *.test.tsx files.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { RequestTypes, Ticket, TicketMessage, TicketSummary } from '@portaal/contracts';
import { hasRights, type RightsMap } from '@portaal/contracts/rights';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { type Session, SessionContext } from '../../app/session.ts';
import { theme } from '../../app/theme.ts';
import { createApiClient } from '../../lib/api-client.ts';
import type { SelectedCustomer } from '../../lib/selected-customer.ts';
import { testI18n } from '../../test/dom.ts';
import { NewTicketPage } from './components/new-ticket-page.tsx';
import { SupportPage } from './components/support-page.tsx';
import { TicketDetailPage } from './components/ticket-detail-page.tsx';
import { parseTicketId, validateNewTicketSearch, validateSupportSearch } from './utils/search-params.ts';

export { setWide } from '../../test/dom.ts';

export const CUSTOMER = 1001;

// The screens render several Mantine inputs and a router; on a busy machine the default 1 s for
// findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

/** jsdom has no document.fonts, which Mantine's autosizing Textarea listens to. */
export function installFontShim(): void {
  if (typeof document === 'undefined' || 'fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
installFontShim();
// Mantine's combobox scrolls the selected option into view; jsdom does not implement it.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => {};
// The router scrolls to the top on navigation; jsdom only logs "not implemented".
if (typeof window !== 'undefined') window.scrollTo = () => {};

export const i18nFor = (language: 'en' | 'nl') => testI18n(language, ['default', 'global', 'support']);

export interface Sent {
  method: string;
  /** Path and query, as the client built them. */
  url: string;
  /** The parsed JSON body, or the FormData of a multipart body. */
  body: unknown;
  headers: Record<string, string>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const problem = (
  status: number,
  code: string,
  errors?: { field: string; message: string }[],
  params?: Record<string, string | number>,
) =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Error',
      status,
      detail: 'refused',
      code,
      request_id: 'req-1',
      ...(errors ? { errors } : {}),
      ...(params ? { params } : {}),
    }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const person = (name: string, staff = false, id = name.toLowerCase().replace(/\W+/g, '-')) => ({
  user_id: id,
  name,
  staff,
});

export const people = {
  viewer: person('Vera Viewer'),
  owner: person('Olaf Owner'),
  staff: person('Sam Servicedesk', true),
};

export function summary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    ticket_id: 10001,
    customer_id: CUSTOMER,
    subject: 'Mail server rejects our messages',
    department: 'technical_support',
    category: 'technical_request',
    priority: 2,
    status: 'open',
    author: people.viewer,
    created_at: '2026-03-02T08:15:00Z',
    updated_at: '2026-03-03T13:05:00Z',
    message_count: 2,
    attachment_count: 1,
    last_reply_by: 'staff',
    ...overrides,
  };
}

export function message(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    message_id: 1,
    author: people.viewer,
    created_at: '2026-03-02T08:15:00Z',
    body: 'Since this morning our mail bounces.',
    internal: false,
    status_change: null,
    assignment: null,
    attachments: [],
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ...summary(),
    messages: [message()],
    watchers: [],
    handled_by: null,
    landscape_object: null,
    can_reply: true,
    allowed_statuses: ['open', 'closed'],
    can_write_internal: false,
    ...overrides,
  };
}

export const requestTypes: RequestTypes = {
  categories: ['technical_request', 'incident_request'],
  service_desk_phone: '+31 (0)20 123 45 67',
  attachments: { extensions: ['pdf', 'png', 'txt'], max_files: 2, max_total_bytes: 1024 * 1024 },
};

/** A small observable like the session's selected customer. */
function selectedStore(initial: SelectedCustomer | undefined) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: SelectedCustomer | undefined) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The three screens in a memory router, wired as the route files wire them. */
function createTestRouter(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Location />
      </>
    ),
  });
  const support = createRoute({
    getParentRoute: () => root,
    path: '/support',
    validateSearch: validateSupportSearch,
    component: function Support() {
      const search = support.useSearch();
      const navigate = support.useNavigate();
      return (
        <SupportPage
          search={search}
          onSearchChange={(next) => void navigate({ search: next as never, replace: true })}
        />
      );
    },
  });
  const newTicket = createRoute({
    getParentRoute: () => root,
    path: '/support/new-ticket',
    validateSearch: validateNewTicketSearch,
    component: function NewTicket() {
      const { request } = newTicket.useSearch();
      const navigate = newTicket.useNavigate();
      return (
        <NewTicketPage
          request={request}
          onRequestChange={(kind) => void navigate({ search: { request: kind } as never, replace: true })}
          onCreated={(created) =>
            void navigate({ to: '/support/ticket/$id', params: { id: String(created.ticket_id) } })
          }
        />
      );
    },
  });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/support/ticket/$id',
    component: function Detail() {
      const { id } = detail.useParams();
      return <TicketDetailPage ticketId={parseTicketId(id) ?? 0} />;
    },
  });
  return createRouter({
    routeTree: root.addChildren([support, newTicket, detail]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

/** The current location as text, so tests can see where a navigation went. */
function Location() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <output data-testid="location">{decodeURIComponent(href)}</output>;
}

export const location = () => screen.getByTestId('location').textContent ?? '';

export function setupTickets(
  options: {
    rights?: RightsMap;
    answer?: (sent: Sent) => Response | Promise<Response>;
    language?: 'en' | 'nl';
    /** The selected customer; null for none. */
    customer?: SelectedCustomer | null;
  } = {},
) {
  const {
    rights = { [CUSTOMER]: ['ticket-read', 'ticket-edit'] },
    answer,
    language = 'en',
    customer = { id: CUSTOMER, name: 'Bakkerij De Gouden Korst B.V.' },
  } = options;
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const body = init?.body;
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: body instanceof FormData ? body : typeof body === 'string' ? JSON.parse(body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    sent.push(request);
    return answer ? answer(request) : json(404, {});
  };
  const selected = selectedStore(customer ?? undefined);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authState = { authenticated: true, userInfo: { id: people.staff.user_id, rights } };
  /** The addresses sign-in was started with ("Sign in again" after a 401). */
  const logins: (string | undefined)[] = [];
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    selected,
    // The signed-in user as the screens read it ("assign to me"); staff in these tests are Sam.
    auth: {
      subscribe: () => () => {},
      getState: () => authState,
      login: (redirectUri?: string) => {
        logins.push(redirectUri);
      },
    },
    can: (requirement: Parameters<typeof hasRights>[1], customerId?: number) =>
      hasRights(rights, requirement, customerId ?? selected.get()?.id, () => {}),
  } as unknown as Session;

  const renderAt = async (path: string) => {
    const i18n = await i18nFor(language);
    const router = createTestRouter(path);
    const result = render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <Notifications />
          <SessionContext.Provider value={session}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </SessionContext.Provider>
        </MantineProvider>
      </I18nextProvider>,
    );
    return { ...result, router };
  };
  // No pause between keystrokes (the screens are heavy for jsdom); files are not filtered by the
  // chooser's accept list, which is only a hint: the form itself must refuse a wrong type.
  return {
    sent,
    logins,
    selected,
    queryClient,
    renderAt,
    user: userEvent.setup({ delay: null, applyAccept: false }),
  };
}
