// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Dashboard } from '@portaal/contracts';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../app/session.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../test/dom.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { DashboardPanels } from './dashboard-panels.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

/** The invoices panel as the API registers it: the overdue sum first, then the overdue invoices. */
const dashboard: Dashboard = {
  panels: [
    {
      panel: 'invoices',
      figures: [
        { key: 'overdue', value: 1, tone: 'critical', href: '/administration/invoices?status=overdue' },
        { key: 'to_pay', value: 1, tone: 'neutral', href: '/administration/invoices?status=to_pay' },
      ],
      items_title: 'overdue',
      items: [
        {
          key: 'overdue-sum',
          title: '€2,504.70',
          detail: null,
          money: { title: '2504.70' },
          at: null,
          href: '/administration/invoices?status=overdue',
        },
        {
          key: 'INV-2026-00055',
          title: 'INV-2026-00055',
          detail: '€2,504.70',
          money: { detail: '2504.70' },
          at: null,
          href: '/administration/invoices/INV-2026-00055',
        },
      ],
    },
  ],
};

/** The dashboard panels of customer 1001 over a fetch that answers as the API. */
async function renderPanels(language: 'en' | 'nl') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    return url.pathname === '/api/v2/customer/1001/dashboard'
      ? new Response(JSON.stringify(dashboard), { headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 });
  };
  const session = { api: createApiClient({ fetch: fetchStub }), queryClient } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <DashboardPanels customerId={1001} panels={1} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n(language) });
  return screen.findByTestId('panel-invoices');
}

describe('the invoices panel', () => {
  it('labels the overdue total, so that it does not read as a second invoice row', async () => {
    const panel = await renderPanels('en');
    const total = within(panel).getByRole('link', { name: 'Total overdue: €2,504.70' });
    expect(total).toHaveAttribute('href', '/administration/invoices?status=overdue');
    expect(within(panel).getByRole('link', { name: 'INV-2026-00055' })).toBeInTheDocument();
  });

  it('labels it in Dutch too', async () => {
    const panel = await renderPanels('nl');
    expect(
      within(panel).getByRole('link', { name: /^Totaal achterstallig: €\s2\.504,70$/ }),
    ).toBeInTheDocument();
  });
});
