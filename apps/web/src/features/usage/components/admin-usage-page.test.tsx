// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { AdminUsageRow } from '@portaal/contracts';
import { periodOf } from '@portaal/contracts/usage-rules';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { validateAdminUsageSearch } from '../utils/admin-usage-search.ts';
import { AdminUsagePage } from './admin-usage-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const row = (overrides: Partial<AdminUsageRow> = {}): AdminUsageRow => ({
  id: 1,
  customer_id: 1002,
  customer_name: 'Northwind Logistics Ltd',
  period: '2026-10',
  type: 'hours',
  subtype: 'support',
  unit: 'hour',
  usage_type: 'manhour',
  period_start_amount: 8,
  remaining_amount: 0,
  used_amount: 13.75,
  overusage_amount: 5.75,
  renews: true,
  used_percent: 100,
  status: 'error',
  ...overrides,
});

const storage = row({
  id: 2,
  customer_id: 1001,
  customer_name: 'Bakkerij De Gouden Korst B.V.',
  type: 'storage',
  subtype: 'object',
  unit: 'GiB',
  usage_type: 'backup',
  period_start_amount: 500,
  remaining_amount: 0,
  used_amount: 1516.68,
  overusage_amount: 1016.68,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const i18nFor = (language: 'en' | 'nl') => testI18n(language, ['default', 'global', 'usage']);

function Location() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <output data-testid="location">{decodeURIComponent(href)}</output>;
}

/** The screen in a memory router, wired as the route file wires it, over a fetch that answers as the API. */
async function renderAt(
  path: string,
  answer: (url: URL) => Response | Promise<Response>,
  language: 'en' | 'nl' = 'en',
) {
  const sent: URL[] = [];
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(String(input), 'http://test');
    sent.push(url);
    return answer(url);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A staff screen: the user holds global rights, which error texts read.
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => true,
  } as unknown as Session;
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Location />
      </>
    ),
  });
  const usage = createRoute({
    getParentRoute: () => root,
    path: '/admin/usage',
    validateSearch: validateAdminUsageSearch,
    component: function AdminUsage() {
      const search = usage.useSearch();
      const navigate = usage.useNavigate();
      return (
        <AdminUsagePage
          search={search}
          onSearchChange={(next) => void navigate({ search: next as never, replace: true })}
        />
      );
    },
  });
  const customerUsage = createRoute({
    getParentRoute: () => root,
    path: '/sla-usage/usage',
    component: () => <p>customer usage</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([usage, customerUsage]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderScreen({ router, session, queryClient, i18n: await i18nFor(language) });
  return { sent, user: userEvent.setup({ delay: null }) };
}

const lists = (sent: URL[]) => sent.filter((url) => url.pathname === '/api/admin/v2/usage');
const location = () => screen.getByTestId('location').textContent ?? '';

describe('usage of all customers', () => {
  it('shows a skeleton, then a table on wide screens with the amounts written in Dutch', async () => {
    setWide(true);
    let release: (response: Response) => void = () => {};
    const { sent } = await renderAt(
      '/admin/usage',
      () => new Promise<Response>((resolve) => (release = resolve)),
      'nl',
    );
    expect(await screen.findByTestId('page-loading')).toBeInTheDocument();
    release(json(200, [row(), storage]));
    const table = await screen.findByTestId('admin-usage-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const hours = within(rows[1] as HTMLElement);
    expect(hours.getByRole('link', { name: 'Northwind Logistics Ltd' })).toHaveAttribute(
      'href',
      `/sla-usage/usage?customer=1002&period=${periodOf(new Date())}`,
    );
    expect(hours.getByText('Uur')).toBeInTheDocument();
    expect(hours.getByText('13 u 45 min')).toBeInTheDocument();
    expect(hours.getByTestId('admin-usage-over')).toHaveTextContent('5 u 45 min');
    expect(hours.getByTestId('usage-status')).toHaveTextContent('Op of bijna op · 100% gebruikt');
    // Above 1000 as integers, otherwise 2 decimals, nl-NL separators, the unit literal.
    const backup = within(rows[2] as HTMLElement);
    expect(backup.getByText('1.517 GiB')).toBeInTheDocument();
    expect(backup.getByTestId('admin-usage-over')).toHaveTextContent('1.017 GiB');
    expect(screen.getByText('Alle bundels staan in de lijst')).toBeInTheDocument();
    expect(Object.fromEntries(lists(sent)[0]?.searchParams ?? [])).toEqual({ limit: '25' });
  });

  it('shows cards on phones, and loads more through the Link header', async () => {
    setWide(false);
    const { sent, user } = await renderAt('/admin/usage?month=2026-10', (url) =>
      url.searchParams.get('cursor')
        ? json(200, [storage])
        : json(200, [row()], { link: '</api/admin/v2/usage?month=2026-10&cursor=abc>; rel="next"' }),
    );
    const cards = await screen.findByTestId('admin-usage-cards');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cards).getByText('13 h 45 min used of 8 h, 0 min left')).toBeInTheDocument();
    expect(within(cards).getByText('Over quota: 5 h 45 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(2));
    expect(lists(sent).map((url) => url.searchParams.get('cursor'))).toEqual([null, 'abc']);
    expect(lists(sent)[1]?.searchParams.get('month')).toBe('2026-10');
  });

  it('sends the filters and keeps them in the URL', async () => {
    setWide(true);
    const { sent, user } = await renderAt('/admin/usage?status=error&type=hours', () => json(200, [row()]));
    await screen.findByTestId('admin-usage-table');
    expect(Object.fromEntries(lists(sent)[0]?.searchParams ?? [])).toMatchObject({
      status: 'error',
      type: 'hours',
    });
    await user.click(screen.getByRole('checkbox', { name: 'Only bundles over quota' }));
    await waitFor(() => expect(location()).toContain('over=1'));
    await waitFor(() => expect(lists(sent).at(-1)?.searchParams.get('over_quota')).toBe('true'));
    await user.type(screen.getByRole('searchbox', { name: 'Customer' }), 'north{Enter}');
    await waitFor(() => expect(lists(sent).at(-1)?.searchParams.get('q')).toBe('north'));
    expect(location()).toContain('q=north');
  });

  it('shows the empty state, and an error with a way to try again', async () => {
    setWide(true);
    let fail = true;
    await renderAt('/admin/usage?q=nobody', () =>
      fail
        ? json(500, { type: 'about:blank', title: 'Error', status: 500, code: 'INTERNAL', request_id: 'r' })
        : json(200, []),
    );
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('admin-usage-empty')).toHaveTextContent('No bundles found');
  });
});
