// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Usage, UsageEntry } from '@portaal/contracts';
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
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { UsageSummary } from './usage-summary.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const entry = (overrides: Partial<UsageEntry>): UsageEntry => ({
  id: 1,
  type: 'hours',
  subtype: 'support',
  unit: 'hour',
  usage_type: 'manhour',
  period_start_amount: 16,
  remaining_amount: 6,
  used_amount: 10,
  overusage_amount: 0,
  renews: true,
  ...overrides,
});

const usage: Usage = {
  period: '2026-11',
  periods: ['2026-11'],
  groups: [
    {
      type: 'hours',
      usages: [
        entry({}),
        entry({
          id: 2,
          subtype: 'project',
          usage_type: 'consultancy',
          period_start_amount: 0,
          remaining_amount: 0,
          used_amount: 4.75,
          overusage_amount: 4.75,
          renews: false,
        }),
      ],
    },
    {
      type: 'storage',
      usages: [
        entry({
          id: 3,
          type: 'storage',
          subtype: 'object',
          unit: 'TiB',
          usage_type: 'storage',
          period_start_amount: 4,
          remaining_amount: 2,
          used_amount: 2,
        }),
        // Plenty left: not near its limit, so not listed.
        entry({
          id: 4,
          type: 'storage',
          subtype: 'block',
          unit: 'TiB',
          usage_type: 'backup',
          period_start_amount: 10,
          remaining_amount: 9,
          used_amount: 1,
        }),
      ],
    },
  ],
};

/** The SLA overview's usage card of customer 1001 over a fetch that answers as the API. */
async function renderSummary(language: 'en' | 'nl') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    return url.pathname === '/api/v2/customer/1001/usage'
      ? new Response(JSON.stringify(usage), { headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 404 });
  };
  const selected = { id: 1001, name: 'Acme' };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => true,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const overview = createRoute({ getParentRoute: () => root, path: '/sla-usage', component: UsageSummary });
  const all = createRoute({ getParentRoute: () => root, path: '/sla-usage/usage' });
  const router = createRouter({
    routeTree: root.addChildren([overview, all]),
    history: createMemoryHistory({ initialEntries: ['/sla-usage'] }),
  });
  renderScreen({
    router,
    session,
    queryClient,
    i18n: await testI18n(language, ['default', 'global', 'usage']),
  });
  const list = await screen.findByRole('list');
  return [...list.querySelectorAll('li')].map((item) => item.textContent);
}

describe('the bundles near their limit', () => {
  it('state the amount left or used as the usage page does, not a bare percentage', async () => {
    expect(await renderSummary('en')).toEqual([
      'Hour · Running low · 6 h left of 16 h',
      'Consultancy hours · Used up or nearly used up · 4 h 45 min used',
      'Storage · Running low · 2 TiB left of 4 TiB',
    ]);
  });

  it('read as natural Dutch', async () => {
    expect(await renderSummary('nl')).toEqual([
      'Uur · Raakt op · 6 u over van 16 u',
      'Consultancy-uren · Op of bijna op · 4 u 45 min verbruikt',
      'Opslag · Raakt op · 2 TiB over van 4 TiB',
    ]);
  });
});
