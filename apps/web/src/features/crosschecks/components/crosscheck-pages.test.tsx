// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { CrosscheckMonth, CrosscheckRow } from '@portaal/contracts';
import { periodOf } from '@portaal/contracts/usage-rules';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { validateCrosscheckSearch } from '../utils/crosscheck-search.ts';
import { CrosscheckDetailPage } from './crosscheck-detail-page.tsx';
import { CrosscheckMonthsPage } from './crosscheck-months-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const october: CrosscheckMonth = {
  month: '2026-10',
  customers: 2,
  rows: 3,
  differences: 2,
  subtypes: ['manhour', 'storage'],
};

const rows: CrosscheckRow[] = [
  {
    customer_id: 1002,
    customer_name: 'Northwind Logistics Ltd',
    type: 'hours',
    subtype: 'manhour',
    unit: 'hour',
    billed: '8.00',
    used: '9.75',
    difference: '-1.75',
    status: 'under_billed',
  },
  {
    customer_id: 1003,
    customer_name: 'Van Dijk & Partners Advocaten',
    type: 'storage',
    subtype: 'storage',
    unit: 'GiB',
    billed: '1250.00',
    used: '97.47',
    difference: '1152.53',
    status: 'match',
  },
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
const problem = (status: number) =>
  json(status, { type: 'about:blank', title: 'Error', status, code: 'INTERNAL', detail: 'x' });

const i18nFor = (language: 'en' | 'nl') => testI18n(language, ['default', 'global', 'usage']);

/** Both screens in a memory router over a fetch that answers as the API; `exporter` holds crosscheck-export. */
async function renderAt(
  path: string,
  answer: (url: URL) => Response | Promise<Response>,
  { language = 'en', exporter = true }: { language?: 'en' | 'nl'; exporter?: boolean } = {},
) {
  const sent: URL[] = [];
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    sent.push(url);
    return answer(url);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => exporter,
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/admin/crosschecks',
    component: CrosscheckMonthsPage,
  });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/admin/crosschecks/$month',
    validateSearch: validateCrosscheckSearch,
    component: function Detail() {
      const { month } = detail.useParams();
      const search = detail.useSearch();
      const navigate = detail.useNavigate();
      return (
        <CrosscheckDetailPage
          month={month}
          search={search}
          onSearchChange={(next) => void navigate({ search: next as never, replace: true })}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([list, detail]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderScreen({ router, session, queryClient, i18n: await i18nFor(language) });
  return { sent, user: userEvent.setup({ delay: null }) };
}

describe('the monthly list', () => {
  it('lists the months with customers and differences, each linking to its detail', async () => {
    setWide(true);
    await renderAt(
      '/admin/crosschecks',
      () => json(200, [october, { ...october, month: '2026-09', differences: 0 }]),
      {
        language: 'nl',
      },
    );
    const table = await screen.findByTestId('crosscheck-months-table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Open de crosscheck van oktober 2026' }),
    ).toHaveAttribute('href', '/admin/crosschecks/2026-10');
    expect(first).toHaveTextContent('2 verschillen');
    expect(second).toHaveTextContent('Geen verschillen');
  });

  it('says the running month is not complete yet', async () => {
    setWide(false);
    const current = periodOf(new Date());
    await renderAt('/admin/crosschecks', () => json(200, [{ ...october, month: current }]));
    const card = await screen.findByTestId(`crosscheck-month-${current}`);
    expect(within(card).getByRole('link')).toHaveTextContent(/\(this month, still running\)$/);
    expect(card).toHaveTextContent('2 customers');
  });

  it("shows SPEC's failed-to-fetch-list message and retries", async () => {
    setWide(true);
    // The client retries a failed GET once (SPEC.md §9), so the API fails until told otherwise.
    let failing = true;
    const { user } = await renderAt('/admin/crosschecks', () => (failing ? problem(500) : json(200, [])));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch the list of crosschecks.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('crosschecks-empty')).toHaveTextContent('No months to check');
  });
});

describe('the detail of a month', () => {
  const api =
    (overrides: { rows?: () => Response; export?: () => Response } = {}) =>
    (url: URL) => {
      if (url.pathname === '/api/admin/v2/crosschecks') return json(200, [october]);
      if (url.pathname.endsWith('/export')) return overrides.export?.() ?? problem(500);
      return overrides.rows?.() ?? json(200, rows);
    };

  it('writes billed, used and difference in the reader’s format with the status in words', async () => {
    setWide(true);
    await renderAt('/admin/crosschecks/2026-10', api(), { language: 'nl' });
    const hours = await screen.findByTestId('crosscheck-row-1002-manhour');
    expect(hours).toHaveTextContent('8 u');
    expect(hours).toHaveTextContent('9 u 45 min');
    expect(within(hours).getByTestId('crosscheck-difference')).toHaveTextContent('-1 u 45 min');
    expect(hours).toHaveTextContent('Minder gefactureerd dan gebruikt');
    const storage = screen.getByTestId('crosscheck-row-1003-storage');
    expect(storage).toHaveTextContent('1.250 GiB');
    expect(storage).toHaveTextContent('97,47 GiB');
    expect(storage).toHaveTextContent('In orde');
    expect(screen.getByTestId('crosscheck-summary')).toHaveTextContent(
      '2 klanten, 3 regels, 2 met een verschil',
    );
  });

  it("sends the filters, and shows SPEC's failed-to-generate-CSV message for the subtype", async () => {
    setWide(false);
    const { sent, user } = await renderAt('/admin/crosschecks/2026-10', api());
    await screen.findByTestId('crosscheck-cards');
    await user.click(screen.getByRole('button', { name: 'Only differences' }));
    await waitFor(() => expect(sent.at(-1)?.searchParams.get('status')).toBe('under_billed,unbilled,unused'));
    await user.click(screen.getByRole('button', { name: 'Download the CSV of Hour for October 2026' }));
    expect(await screen.findByTestId('crosscheck-export-failed')).toHaveTextContent(
      'Failed to generate the CSV for Hour.',
    );
    expect(sent.find((url) => url.pathname.endsWith('/export'))?.searchParams.get('subtype')).toBe('manhour');
  });

  it('offers no export without crosscheck-export', async () => {
    setWide(true);
    await renderAt('/admin/crosschecks/2026-10', api(), { exporter: false });
    await screen.findByTestId('crosscheck-table');
    expect(screen.getByTestId('crosscheck-summary')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the CSV/ })).toBeNull();
  });

  it("shows SPEC's failed-to-fetch-details message", async () => {
    setWide(true);
    await renderAt('/admin/crosschecks/2026-10', api({ rows: () => problem(500) }));
    expect(await screen.findByTestId('crosscheck-load-failed')).toHaveTextContent(
      'Failed to fetch the details of this crosscheck.',
    );
  });
});
