// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import type { SelectedCustomer } from '../../../lib/selected-customer.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { CUSTOMER_LIST_LIMIT } from '../api/customers-queries.ts';
import { CustomerSwitcher } from './customer-switcher.tsx';

beforeAll(() => {
  installDomShims();
  // Mantine's combobox scrolls the active option into view; jsdom does not implement it.
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(cleanup);

const customer = (id: number, name: string) => ({ customer_id: id, display_name: name });
/** A staff user's first page: exactly one page full, so the switcher asks the API when typed in. */
const firstPage = Array.from({ length: CUSTOMER_LIST_LIMIT }, (_, index) =>
  customer(2001 + index, `Klant ${2001 + index}`),
);
const far = customer(7777, 'Zuiderzee Zeilmakers B.V.');
/** The API is down: every request fails (a test sets it and clears it again). */
let apiDown = false;

/**
 * The switcher in the header of `at`: a ticket (a screen of one object, listOnSwitch) or the support
 * list. Without `at`, on its own with an onSwitched callback (the forbidden page's use).
 */
async function setup(initial: SelectedCustomer, at?: string) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['global'],
    defaultNS: 'global',
    resources: { en: { global: readLocale('en', 'global') } },
    interpolation: { escapeValue: false },
  });
  const searches: (string | null)[] = [];
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(String(input), 'http://portaal.test');
    const search = url.searchParams.get('search');
    searches.push(search);
    if (apiDown) {
      return new Response(JSON.stringify({ status: 503, code: 'UNAVAILABLE' }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    const body =
      search === null
        ? firstPage
        : search.length >= 3 && 'zuiderzee zeilmakers'.includes(search.toLowerCase())
          ? [far]
          : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  let selected = initial;
  const listeners = new Set<() => void>();
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    selected: {
      get: () => selected,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    selectCustomer: (next: SelectedCustomer) => {
      selected = next;
      for (const listener of listeners) listener();
    },
    can: () => true,
  } as unknown as Session;
  const root = createRootRoute({
    component: () =>
      at ? (
        <>
          <CustomerSwitcher />
          <Outlet />
        </>
      ) : (
        <CustomerSwitcher onSwitched={() => {}} />
      ),
  });
  const app = createRoute({ getParentRoute: () => root, id: '_app' });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/support' }),
      // The app's ticket route sits below the signed-in layout: its id is '/_app/support/ticket/$id'.
      app.addChildren([createRoute({ getParentRoute: () => app, path: '/support/ticket/$id' })]),
    ]),
    history: createMemoryHistory({ initialEntries: [at ?? '/'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { searches, selected: () => selected, path: () => router.state.location.pathname };
}

describe('the customer switcher with more customers than one page (staff)', () => {
  it('shows a selected customer from beyond the first page by name', async () => {
    await setup({ id: far.customer_id, name: far.display_name });
    expect(await screen.findByTestId('customer-switcher')).toHaveValue(far.display_name);
  });

  it('searches the API from 3 characters and switches to a customer it finds', async () => {
    const user = userEvent.setup();
    const state = await setup({ id: 2001, name: 'Klant 2001' });
    const switcher = await screen.findByTestId('customer-switcher');
    await waitFor(() => expect(switcher).toHaveValue('Klant 2001'));
    await user.clear(switcher);
    await user.type(switcher, 'Ze');
    // Two characters: the first page, filtered in the browser, and no search sent.
    expect(screen.queryByRole('option', { name: far.display_name })).not.toBeInTheDocument();
    await user.type(switcher, 'il');
    await user.click(await screen.findByRole('option', { name: far.display_name }, { timeout: 5000 }));
    expect(state.searches).toContain('Zeil');
    expect(state.searches).not.toContain('Ze');
    expect(state.selected()).toEqual({ id: far.customer_id, name: far.display_name });
  });
});

describe('the customer switcher when the API is down at the start', () => {
  afterEach(() => {
    apiDown = false;
  });

  it('keeps the selected customer named, with a retry that brings the switcher back', async () => {
    apiDown = true;
    const user = userEvent.setup();
    await setup({ id: 2001, name: 'Klant 2001' }, '/support');
    const failed = await screen.findByTestId('customer-switcher-failed');
    expect(failed).toHaveTextContent('Selected customer: Klant 2001');
    const retry = screen.getByRole('button', { name: 'The customers could not be loaded. Try again' });
    apiDown = false;
    await user.click(retry);
    expect(await screen.findByTestId('customer-switcher')).toHaveValue('Klant 2001');
    expect(screen.queryByTestId('customer-switcher-failed')).not.toBeInTheDocument();
  });
});

describe('switching customers on a screen of one object', () => {
  it("opens that object's list, where the other customer's ticket is no longer looked for", async () => {
    const user = userEvent.setup();
    const state = await setup({ id: 2001, name: 'Klant 2001' }, '/support/ticket/10045');
    const switcher = await screen.findByTestId('customer-switcher');
    await waitFor(() => expect(switcher).toHaveValue('Klant 2001'));
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Klant 2002' }));
    expect(state.selected()).toEqual({ id: 2002, name: 'Klant 2002' });
    await waitFor(() => expect(state.path()).toBe('/support'));
  });
});
