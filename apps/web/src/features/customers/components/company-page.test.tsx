// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Customer } from '@portaal/contracts';
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
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    return url.pathname === '/api/v2/customer/1001'
      ? new Response(JSON.stringify({ ...customer, language: customerLanguage }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response(null, { status: 404 });
  };
  const selected = { id: 1001, name: customer.display_name };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => false,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const company = createRoute({
    getParentRoute: () => root,
    path: '/company',
    component: () => <CompanyPage />,
  });
  const contacts = createRoute({ getParentRoute: () => root, path: '/company/$customerId/contacts' });
  const router = createRouter({
    routeTree: root.addChildren([company, contacts]),
    history: createMemoryHistory({ initialEntries: ['/company'] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n(language) });
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
