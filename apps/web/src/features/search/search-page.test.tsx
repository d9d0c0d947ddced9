// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../app/session.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { installDomShims, setWide, testI18n } from '../../test/dom.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { HeaderSearch } from './components/header-search.tsx';
import { SearchPage } from './search-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => {
  installDomShims();
  // The router scrolls to the top on navigation; jsdom only logs "not implemented".
  window.scrollTo = () => {};
});
afterEach(cleanup);

/** The Search screen under a header with its search box, as the app shell has them, at /search?q=…. */
async function renderSearch(language: 'en' | 'nl', path = '/search', { wide = true } = {}) {
  setWide(wide);
  const fetchStub: typeof fetch = async () =>
    new Response(JSON.stringify({ groups: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const customer = { id: 1001, name: 'Bakkerij' };
  const selected = { get: () => customer, subscribe: () => () => {} };
  const session = { api: createApiClient({ fetch: fetchStub }), queryClient, selected } as unknown as Session;
  const root = createRootRoute({
    component: () => (
      <>
        <header>
          <HeaderSearch />
        </header>
        <Outlet />
      </>
    ),
  });
  const search = createRoute({
    getParentRoute: () => root,
    path: '/search',
    validateSearch: (raw: Record<string, unknown>): { q?: string } =>
      typeof raw.q === 'string' ? { q: raw.q } : {},
    component: function Search() {
      const { q } = search.useSearch();
      return <SearchPage query={q ?? ''} />;
    },
  });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <h1>Home</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, search]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n(language) });
  return { router, user: userEvent.setup() };
}

/** The page's own field (the header's box has a label of the same text). */
const pageField = () => screen.findByTestId('search-input');

/** Whether the field shows the minimum-length error, as screen readers and the eye get it. */
function expectNoError(field: HTMLElement) {
  expect(field).toBeValid();
  expect(field.getAttribute('aria-describedby')).not.toMatch(/-error/);
  expect(document.querySelector('.mantine-InputWrapper-error')).toBeNull();
}

describe('the Search screen', () => {
  it('follows a search from the header box after its own too-short one, and drops the stale error', async () => {
    const { router, user } = await renderSearch('nl');
    const field = await pageField();
    await user.type(field, 'we');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await screen.findByText('Vul minstens 3 tekens in.', { selector: '.mantine-InputWrapper-error' });
    expect(field).toHaveAttribute('aria-invalid', 'true');

    for (const text of ['webshop', 'Bram', 'zzzzqqq']) {
      const header = screen.getByTestId('header-search');
      await user.type(header, `${text}{Enter}`);
      await waitFor(() => expect(router.state.location.search).toEqual({ q: text }));
      await waitFor(() => expect(field).toHaveValue(text));
      expectNoError(field);
      expect(await screen.findByRole('heading', { name: `Resultaten voor ‘${text}’` })).toBeInTheDocument();
    }
  });

  it('follows the back button to the previous search', async () => {
    const { router, user } = await renderSearch('en', '/search?q=webshop');
    const field = await pageField();
    expect(field).toHaveValue('webshop');
    await act(() => router.navigate({ to: '/search', search: { q: 'Bram' } }));
    await waitFor(() => expect(field).toHaveValue('Bram'));
    await user.clear(field);
    await user.type(field, 'x');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Enter at least 3 characters.', { selector: '.mantine-InputWrapper-error' });

    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'webshop' }));
    await waitFor(() => expect(field).toHaveValue('webshop'));
    expectNoError(field);
  });

  it('keeps what is typed in its own field while its own search comes back through the URL', async () => {
    const { router, user } = await renderSearch('en');
    const field = await pageField();
    await user.type(field, 'webshop{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'webshop' }));
    await user.type(field, ' acme');
    expect(await screen.findByRole('heading', { name: 'Results for “webshop”' })).toBeInTheDocument();
    expect(field).toHaveValue('webshop acme');
  });

  it('still reports a too-short search that arrives through the URL', async () => {
    const { router } = await renderSearch('en', '/search?q=webshop');
    const field = await pageField();
    await act(() => router.navigate({ to: '/search', search: { q: 'we' } }));
    await waitFor(() => expect(field).toHaveValue('we'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('focuses the header box on `/` on wide screens, except while typing', async () => {
    const { router, user } = await renderSearch('en', '/');
    await screen.findByRole('heading', { name: 'Home' });
    const header = screen.getByTestId('header-search');
    await user.keyboard('/');
    expect(header).toHaveFocus();
    expect(header).toHaveValue('');
    await user.type(header, 'a/b');
    expect(header).toHaveValue('a/b');
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the Search screen with its field focused on `/` on phones, where the header has only a link', async () => {
    const { router, user } = await renderSearch('en', '/', { wide: false });
    await screen.findByRole('heading', { name: 'Home' });
    await user.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const field = await pageField();
    await waitFor(() => expect(field).toHaveFocus());
    // Typed in the field, `/` is a character.
    await user.type(field, 'a/b{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'a/b' }));
    expect(field).toHaveValue('a/b');

    // On the Search screen already, the search stays and the field takes the focus again.
    field.blur();
    const entries = router.history.length;
    await user.keyboard('/');
    await waitFor(() => expect(field).toHaveFocus());
    expect(router.state.location.search).toEqual({ q: 'a/b' });
    expect(field).toHaveValue('a/b');
    expect(router.history.length).toBe(entries);
  });

  it('opens the Search screen with its field focused from the header link on phones', async () => {
    const { router, user } = await renderSearch('nl', '/', { wide: false });
    await screen.findByRole('heading', { name: 'Home' });
    const link = screen.getByRole('link', { name: 'Zoeken openen' });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const field = await pageField();
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('webshop{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'webshop' }));
  });
});
