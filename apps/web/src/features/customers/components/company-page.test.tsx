// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Customer } from '@portaal/contracts';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import { apiAnswering, renderPageAt } from '../../../test/render-screen.tsx';
import { CompanyPage } from './company-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const customer: Customer = {
  customer_id: 1001,
  display_name: 'Bakkerij De Gouden Korst B.V.',
  language: 'nl',
  status: 'active',
  phone: null,
  coc_number: '34251987',
  vat_number: null,
  usage_po_number: null,
  links: [],
  addresses: [],
  created_at: '2016-05-17',
};

/** The company page of customer 1001 over a fetch that answers its details as the API (the rest: not found). */
async function renderCompany(language: 'en' | 'nl', customerLanguage: Customer['language'] = 'nl') {
  await renderPageAt({
    path: '/company',
    element: <CompanyPage />,
    language,
    fetch: apiAnswering({ '/api/v2/customer/1001': { ...customer, language: customerLanguage } }),
    can: () => false,
    customerName: customer.display_name,
    links: ['/company/$customerId/contacts'],
  });
  // The section shows a skeleton under the same heading until the details arrive.
  await screen.findByText('34251987');
  return screen.getByRole('region', { name: language === 'en' ? 'Company data' : 'Bedrijfsgegevens' });
}

/** The value beside a label in a description list. */
const valueBeside = (list: HTMLElement, label: string) => within(list).getByText(label).nextElementSibling;

describe('the company page', () => {
  it("names the company's language in the reader's language, as the contacts do", async () => {
    expect(valueBeside(await renderCompany('en'), 'Language')).toHaveTextContent(/^Dutch$/);
    cleanup();
    expect(valueBeside(await renderCompany('nl', 'en'), 'Taal')).toHaveTextContent(/^Engels$/);
  });

  it('lets the contacts button grow with its wrapped label, with the line height of text', async () => {
    await renderCompany('nl');
    const button = screen.getByRole('link', { name: 'Contactpersonen, bellijst en technische e-maillijst' });
    expect(button).toHaveStyle({ height: 'auto' });
    const label = button.querySelector('.mantine-Button-label');
    expect(label).toHaveStyle({ whiteSpace: 'normal', lineHeight: 'var(--mantine-line-height-sm)' });
  });
});
