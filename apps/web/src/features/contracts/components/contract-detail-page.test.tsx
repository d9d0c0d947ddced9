// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Contract } from '@portaal/contracts';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, setWide } from '../../../test/dom.ts';
import { apiAnswering, renderPageAt } from '../../../test/render-screen.tsx';
import { ContractDetailPage } from './contract-detail-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const contract: Contract = {
  contract_id: 'CT-1001-04',
  customer_id: 1001,
  description: 'Observe',
  recurring: true,
  status: 'active',
  start_date: '2025-11-01',
  end_date: null,
  renewal_date: null,
  renewal_days: null,
  currency: 'EUR',
  monthly_costs: '250.00',
  one_off_costs: '500.00',
  end_requested_at: null,
  can_request_end: false,
  rules: [
    {
      position: 1,
      product: 'Observe: managed metrics and logs',
      quantity: '1.00',
      unit: 'month',
      unit_price: '250.0000',
      recurring: true,
      amount: '250.00',
    },
    {
      position: 2,
      product: 'Onboarding',
      quantity: '4.00',
      unit: 'hour',
      unit_price: '125.0000',
      recurring: false,
      amount: '500.00',
    },
  ],
  billing: {
    payment_method: 'direct_debit',
    payment_period: 'monthly',
    iban: null,
    bic: null,
    account_holder: null,
    po_number: null,
    monthly_costs: '250.00',
    one_off_costs: '500.00',
  },
  term: { start_date: '2025-11-01', extension_months: 12, payment_days: 14 },
  end_request_ticket_id: null,
  updated_at: '2026-10-01T08:00:00Z',
};

/** The contract screen of customer 1001; returns the rules (table or cards). */
async function renderContract(language: 'en' | 'nl') {
  await renderPageAt({
    path: `/administration/contracts/${contract.contract_id}`,
    element: <ContractDetailPage id={contract.contract_id} />,
    language,
    fetch: apiAnswering({ [`/api/v2/customer/1001/contracts/${contract.contract_id}`]: contract }),
    links: ['/administration/contracts'],
  });
  return screen.findByTestId('contract-rules');
}

describe('the contract rules', () => {
  it('are a table with a column per particular on wide screens', async () => {
    setWide(true);
    const rules = await renderContract('en');
    expect(rules).toHaveRole('table');
    expect(
      within(rules)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Quantity', 'Unit', 'Unit price', 'Type', 'Amount']);
  });

  it('are a card per rule on phones, nothing to scroll sideways, in Dutch', async () => {
    setWide(false);
    const rules = await renderContract('nl');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(rules).toHaveRole('list');
    expect(rules).toHaveAccessibleName('Regels');
    const cards = within(rules).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Observe: managed metrics and logs');
    expect(first).toHaveTextContent(/€\s?250,00/);
    expect(first).toHaveTextContent(/1 month × €\s?250,00.* · Maandelijks/);
    expect(second).toHaveTextContent(/4 hour × €\s?125,00.* · Eenmalig/);
  });
});
