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
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { TrendsPage } from './trends-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

/** The page in Dutch for customer 1001; its data does not matter here, so the API finds nothing. */
async function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async () => new Response(null, { status: 404 });
  const selected = { id: 1001, name: 'Acme' };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => true,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/servers/trends',
    component: () => <TrendsPage search={{}} onSearchChange={() => {}} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/servers/trends'] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n('nl', ['default', 'global']) });
  return (await screen.findByRole('radio', { name: 'Laatste 24 uur' })).closest(
    '.mantine-SegmentedControl-root',
  );
}

describe('the period choice', () => {
  it('stacks its periods below md (1024 px), rather than wrapping them into two rows', async () => {
    setWide(false);
    const control = await renderPage();
    expect(control).toHaveAttribute('data-orientation', 'vertical');
    expect(control).toHaveAttribute('data-full-width');
  });

  it('puts them side by side from md (1024 px)', async () => {
    setWide(true);
    expect(await renderPage()).toHaveAttribute('data-orientation', 'horizontal');
  });
});
