// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Usage, UsageEntry } from '@portaal/contracts';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import { apiAnswering, renderPageAt } from '../../../test/render-screen.tsx';
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
  await renderPageAt({
    path: '/sla-usage',
    element: <UsageSummary />,
    language,
    namespaces: ['default', 'global', 'usage'],
    fetch: apiAnswering({ '/api/v2/customer/1001/usage': usage }),
    links: ['/sla-usage/usage'],
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
