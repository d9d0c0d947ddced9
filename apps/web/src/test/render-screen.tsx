import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Session, SessionContext } from '../app/session.ts';
import { theme } from '../app/theme.ts';
import { createApiClient } from '../lib/api-client.ts';
import { testI18n } from './dom.ts';

/** A test's router rendered inside the app's providers: texts, Mantine with the app's theme, the session and its queries. */
export function renderScreen({
  router,
  session,
  queryClient,
  i18n,
}: {
  router: AnyRouter;
  session: Session;
  queryClient: QueryClient;
  i18n: i18n;
}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** A fetch that answers as the API: JSON for the given paths, 404 for every other. */
export function apiAnswering(answers: Record<string, unknown> = {}): typeof fetch {
  return async (input) => {
    const { pathname } = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    return Object.hasOwn(answers, pathname)
      ? new Response(JSON.stringify(answers[pathname]), { headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 });
  };
}

/**
 * One screen at `path` inside the app's providers, with a stand-in session: customer 1001 selected,
 * the rights `can` allows (all by default) and the API client over `fetch`. `links` are more paths
 * the screen links to, so that its links resolve.
 */
export async function renderPageAt({
  path,
  element,
  language,
  namespaces,
  fetch = apiAnswering(),
  can = () => true,
  customerName = 'Acme',
  links = [],
}: {
  path: string;
  element: ReactNode;
  language: 'en' | 'nl';
  namespaces?: readonly string[];
  fetch?: typeof globalThis.fetch;
  can?: () => boolean;
  customerName?: string;
  links?: readonly string[];
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const selected = { id: 1001, name: customerName };
  const session = {
    api: createApiClient({ fetch }),
    queryClient,
    can,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const routes = [
    createRoute({ getParentRoute: () => root, path, component: () => element }),
    ...links.map((link) => createRoute({ getParentRoute: () => root, path: link })),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return renderScreen({ router, session, queryClient, i18n: await testI18n(language, namespaces) });
}
