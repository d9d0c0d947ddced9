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

  it.each([
    [false, 'Please try again. If the problem persists, contact your provider.'],
    [true, 'Please try again. If the problem persists, tell the development team.'],
  ])('a section that cannot load says why for its reader (staff: %s), with a retry', async (staff, text) => {
    await renderPageAt({
      path: '/company',
      element: <CompanyPage />,
      language: 'en',
      // The details load; the addresses fail with a server fault that has no text of its own.
      fetch: async (input) =>
        (input instanceof Request ? input.url : String(input)).endsWith('/addresses')
          ? new Response(JSON.stringify({ status: 502 }), { status: 502 })
          : apiAnswering({ '/api/v2/customer/1001': customer })(input),
      can: () => staff,
      customerName: customer.display_name,
      links: ['/company/$customerId/contacts'],
    });
    const [failed] = await screen.findAllByText(text);
    const alert = failed?.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the text is not in an alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
