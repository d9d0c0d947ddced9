// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
} from '@tanstack/react-router';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../app/session.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { installDomShims, setWide, testI18n } from '../../test/dom.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { AppShellLayout } from './app-shell-layout.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => {
  installDomShims();
  window.scrollTo = () => {};
});
afterEach(cleanup);

/** The default layout at a phone's width around a page with a link, its header controls loaded. */
async function renderPhoneShell() {
  setWide(false);
  const fetchStub: typeof fetch = async () =>
    new Response(
      JSON.stringify({ type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' }),
      {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      },
    );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const customer = { id: 1001, name: 'Bakkerij' };
  const selected = { get: () => customer, subscribe: () => () => {} };
  const authState = { authenticated: true, userInfo: { name: 'Lotte Smit', username: 'lotte', rights: {} } };
  const session = {
    config: { brand_name: 'Portaal' },
    api: createApiClient({ fetch: fetchStub }),
    auth: { subscribe: () => () => {}, getState: () => authState },
    queryClient,
    selected,
    can: () => true,
  } as unknown as Session;
  const root = createRootRoute({ component: () => <AppShellLayout variant="default" /> });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <>
        <h1>Home</h1>
        <Link to="/">A link on the page</Link>
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n('en') });
  await screen.findByRole('heading', { name: 'Home' });
  // The header's controls come after the first screen (lazy-widgets.tsx).
  await screen.findByRole('button', { name: 'My account (Lotte Smit)' });
  return { user: userEvent.setup() };
}

/** What can take the focus outside the open drawer, but for the menu button. */
function focusableOutsideDrawer(menu: HTMLElement) {
  const drawer = document.getElementById(menu.getAttribute('aria-controls') ?? '');
  return [
    ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
  ].filter(
    (element) => element !== menu && !drawer?.contains(element) && element.closest('[inert]') === null,
  );
}

describe('the phone menu', () => {
  it('keeps the focus in the open drawer: the page and the other header controls are inert', async () => {
    const { user } = await renderPhoneShell();
    const menu = screen.getByRole('button', { name: 'Open or close the menu' });
    const pageLink = screen.getByRole('link', { name: 'A link on the page' });
    expect(pageLink.closest('[inert]')).toBeNull();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(focusableOutsideDrawer(menu)).toEqual([]);
    expect(pageLink.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('main', { hidden: true }).closest('[inert]')).not.toBeNull();

    // Escape from inside the drawer closes it; the focus goes back to the menu button and the page is
    // reachable again.
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    dashboard.focus();
    expect(dashboard).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    expect(menu).toHaveFocus();
    expect(pageLink.closest('[inert]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open search' }).closest('[inert]')).toBeNull();
  });
});
