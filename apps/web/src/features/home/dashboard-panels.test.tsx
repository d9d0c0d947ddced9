// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Dashboard } from '@portaal/contracts';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../../test/dom.ts';
import { apiAnswering, renderPageAt } from '../../test/render-screen.tsx';
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
  await renderPageAt({
    path: '/',
    element: <DashboardPanels customerId={1001} panels={1} />,
    language,
    fetch: apiAnswering({ '/api/v2/customer/1001/dashboard': dashboard }),
  });
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
