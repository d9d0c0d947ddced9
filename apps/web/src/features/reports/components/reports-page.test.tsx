// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { ReportSummary } from '@portaal/contracts';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ReportsPage } from './reports-page.tsx';

configure({ asyncUtilTimeout: 5000 });
// A browser far from the portal's zone: the list must not follow it.
const browserZone = process.env.TZ;
beforeAll(() => {
  installDomShims();
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});
afterEach(cleanup);

const reports: ReportSummary[] = [
  { display_id: 'SLA-2026-10', kind: 'sla', period: '2026-10', generated_at: '2026-11-01T22:04:00Z' },
  { display_id: 'USAGE-2026-07', kind: 'usage', period: '2026-07', generated_at: '2026-08-01T03:15:00Z' },
];

const i18nFor = (language: 'en' | 'nl') => testI18n(language, ['default', 'global', 'usage']);

async function renderList(language: 'en' | 'nl') {
  const fetchStub: typeof fetch = async () =>
    new Response(JSON.stringify(reports), { status: 200, headers: { 'content-type': 'application/json' } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const customer = { id: 1001, name: 'Bakkerij' };
  const selected = { get: () => customer, subscribe: () => () => {} };
  const session = { api: createApiClient({ fetch: fetchStub }), queryClient, selected } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/sla-usage/reports',
    component: () => <ReportsPage search={{}} onSearchChange={() => {}} />,
  });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/sla-usage/reports/$displayId',
    component: () => null,
  });
  const router = createRouter({
    routeTree: root.addChildren([list, detail]),
    history: createMemoryHistory({ initialEntries: ['/sla-usage/reports'] }),
  });
  renderScreen({ router, session, queryClient, i18n: await i18nFor(language) });
}

describe('the report list', () => {
  it('shows when each report was made in the portal zone, as the report itself does (DD-MM-YYYY HH:mm)', async () => {
    await renderList('en');
    const table = await screen.findByTestId('reports');
    const [, sla, usage] = within(table).getAllByRole('row');
    // 22:04 UTC is 23:04 in Amsterdam in November (17:04 in New York); 03:15 UTC is 05:15 in summer.
    expect(sla).toHaveTextContent('01-11-2026 23:04');
    expect(usage).toHaveTextContent('01-08-2026 05:15');
    expect(screen.getByText('Times in Europe/Amsterdam.')).toBeInTheDocument();
  });

  it('says the zone in Dutch', async () => {
    await renderList('nl');
    const table = await screen.findByTestId('reports');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('01-11-2026 23:04');
    expect(screen.getByText('Tijden in Europe/Amsterdam.')).toBeInTheDocument();
  });
});
