// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { AdministrationOverview, ContractSummary } from '@portaal/contracts';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import { apiAnswering, renderPageAt } from '../../../test/render-screen.tsx';
import { AdministrationPage } from './administration-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const contract: ContractSummary = {
  contract_id: 'C-1001-01',
  customer_id: 1001,
  description: 'Servicemanagement',
  recurring: true,
  status: 'active',
  start_date: '2025-12-21',
  end_date: null,
  renewal_date: '2026-12-21',
  renewal_days: 21,
  currency: 'EUR',
  monthly_costs: '250.00',
  one_off_costs: '0.00',
  end_requested_at: null,
  can_request_end: true,
};

const overview: AdministrationOverview = {
  currency: 'EUR',
  invoices: { to_pay: { count: 1, amount: '2504.70' }, overdue: { count: 1, amount: '2504.70' } },
  renewals: [contract],
};

/** The administration overview of customer 1001 over a fetch that answers as the API. */
async function renderOverview(language: 'en' | 'nl') {
  await renderPageAt({
    path: '/administration',
    element: <AdministrationPage />,
    language,
    fetch: apiAnswering({ '/api/v2/customer/1001/administration': overview }),
    links: ['/administration/invoices', '/administration/contracts', '/administration/contracts/$id'],
  });
  return screen.findByRole('region', {
    name: language === 'en' ? 'Renewals in the next 90 days' : 'Verlengingen in de komende 90 dagen',
  });
}

describe('the renewals on the administration overview', () => {
  it('let a row wrap on phones rather than cut off its badge, and never break the date', async () => {
    const renewals = await renderOverview('nl');
    const item = within(renewals).getByRole('listitem');
    // A Mantine Group that may not wrap squeezes the badge to "verlengt …" and the date to "21-12-" / "2026".
    expect(item.getAttribute('style') ?? '').not.toMatch(/--group-wrap:\s*nowrap/);
    const date = within(item).getByText('21-12-2026');
    expect(date).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(date.parentElement?.getAttribute('style') ?? '').not.toMatch(/--group-wrap:\s*nowrap/);
    expect(within(item).getByText('verlengt over 21 dagen')).toBeInTheDocument();
  });
});
