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
import { strictSearch } from '../../../lib/search-params.ts';
import { installDomShims, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ContractsPage } from '../../contracts/components/contracts-page.tsx';
import { validateContractsSearch } from '../../contracts/utils/search-params.ts';
import { validateInvoicesSearch } from '../utils/search-params.ts';
import { InvoicesPage } from './invoices-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

/** The list page at `url` over a fetch that answers every list with no items; the lists asked for. */
async function renderList(url: string) {
  const asked: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async (input) => {
    const requested = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    asked.push(requested.pathname + requested.search);
    const q = requested.searchParams.get('q');
    return q !== null && q.length < 3
      ? new Response(JSON.stringify({ status: 400, code: 'VALIDATION_ERROR', title: 'Bad' }), {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        })
      : new Response('[]', {
          headers: { 'content-type': 'application/json' },
        });
  };
  const selected = { id: 1001, name: 'Acme' };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => true,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const invoices = createRoute({
    getParentRoute: () => root,
    path: '/administration/invoices',
    validateSearch: strictSearch(validateInvoicesSearch),
    component: function Invoices() {
      return <InvoicesPage search={invoices.useSearch()} onSearchChange={() => undefined} />;
    },
  });
  const contracts = createRoute({
    getParentRoute: () => root,
    path: '/administration/contracts',
    validateSearch: strictSearch(validateContractsSearch),
    component: function Contracts() {
      return <ContractsPage search={contracts.useSearch()} onSearchChange={() => undefined} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([invoices, contracts]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n('en') });
  return asked;
}

describe('a search link the field refuses', () => {
  it.each([
    ['/administration/invoices?q=ab', 'Search needs at least 3 characters, or a date.', 'invoices-empty'],
    ['/administration/invoices?q=31-02-2026', 'not a valid date', 'invoices-empty'],
    ['/administration/contracts?q=ab', 'Search needs at least 3 characters.', 'contracts-empty'],
  ])('%s: says why in the field, and lists as without a search', async (url, message, empty) => {
    setWide(true);
    const asked = await renderList(url);
    expect(await screen.findByTestId(empty)).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue(new URL(url, 'http://test').searchParams.get('q'));
    expect(screen.getByText(message, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('This could not be loaded', { exact: false })).not.toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((path) => path.includes('q='))).toEqual([]);
  });
});
