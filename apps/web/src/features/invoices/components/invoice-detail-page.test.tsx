// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Invoice } from '@portaal/contracts';
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
import { installDomShims, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { InvoiceDetailPage } from './invoice-detail-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const invoice: Invoice = {
  number: 'INV-2026-0042',
  customer_id: 1001,
  invoice_date: '2026-10-01',
  due_date: '2026-10-31',
  payment_date: null,
  currency: 'EUR',
  net_amount: '1100.00',
  vat_amount: '231.00',
  amount: '1331.00',
  amount_due: '1331.00',
  status: 'to_pay',
  overdue_days: null,
  description: 'Hosting October',
  payment_reference: 'RF18 0000 0000 42',
  contract_id: null,
  lines: [
    {
      position: 1,
      description: 'Managed server (4 vCPU, 16 GB)',
      quantity: '2.00',
      unit: 'month',
      unit_price: '500.0000',
      vat_rate: '21.00',
      amount: '1000.00',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
    },
    {
      position: 2,
      description: 'Back-up storage',
      quantity: '100.00',
      unit: 'GiB',
      unit_price: '1.0000',
      vat_rate: '21.00',
      amount: '100.00',
      period_start: null,
      period_end: null,
    },
  ],
  vat_breakdown: [{ rate: '21.00', taxable_amount: '1100.00', vat_amount: '231.00' }],
  updated_at: '2026-10-01T08:00:00Z',
};

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ status, code, title: 'Problem' }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/**
 * The screen of invoice `number` of customer 1001 over a fetch that answers as the API: the one
 * invoice it knows, `missing` for every other.
 */
async function renderScreenOf(
  language: 'en' | 'nl',
  number: string,
  missing: () => Response = () => new Response(null, { status: 404 }),
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
    return url.pathname === `/api/v2/customer/1001/invoices/${invoice.number}`
      ? new Response(JSON.stringify(invoice), { headers: { 'content-type': 'application/json' } })
      : missing();
  };
  const selected = { id: 1001, name: 'Acme' };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    queryClient,
    can: () => true,
    selected: { subscribe: () => () => {}, get: () => selected },
  } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/administration/invoices/$number',
    component: () => <InvoiceDetailPage number={number} />,
  });
  const list = createRoute({ getParentRoute: () => root, path: '/administration/invoices' });
  const router = createRouter({
    routeTree: root.addChildren([page, list]),
    history: createMemoryHistory({ initialEntries: [`/administration/invoices/${number}`] }),
  });
  renderScreen({ router, session, queryClient, i18n: await testI18n(language) });
}

/** The invoice screen of the known invoice, once its lines show. */
async function renderInvoice(language: 'en' | 'nl') {
  await renderScreenOf(language, invoice.number);
  return screen.findByTestId('invoice-lines');
}

describe('an invoice that is not there', () => {
  it("says so with a heading and the API's words, offers the way back and no retry, in Dutch", async () => {
    setWide(false);
    await renderScreenOf('nl', 'INV-2020-0001', () => problem(404, 'INVOICE_NOT_FOUND'));
    const state = await screen.findByTestId('detail-not-found');
    expect(within(state).getByRole('heading', { level: 1 })).toHaveTextContent('Niet gevonden');
    expect(state).toHaveTextContent('Deze factuur bestaat niet of u kunt haar niet zien.');
    expect(within(state).getByRole('link')).toHaveAttribute('href', '/administration/invoices');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it('is not found either when the API cannot read its number (400)', async () => {
    setWide(true);
    await renderScreenOf('en', 'NOPE', () => problem(400, 'VALIDATION_ERROR'));
    const state = await screen.findByTestId('detail-not-found');
    expect(within(state).getByRole('heading', { level: 1 })).toHaveTextContent('Not found');
    expect(state).toHaveTextContent('This does not exist, or you cannot see it.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Some fields are not valid', { exact: false })).not.toBeInTheDocument();
  });
});

describe('the invoice lines', () => {
  it('are a table with a column per particular on wide screens', async () => {
    setWide(true);
    const lines = await renderInvoice('en');
    const table = screen.getByRole('table');
    expect(table).toBe(lines);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Description', 'Quantity', 'Unit', 'Unit price', 'VAT', 'Amount']);
    expect(within(table).getByRole('rowheader', { name: 'Total including VAT' })).toBeInTheDocument();
  });

  it('are a card per line with the totals below on phones, nothing to scroll sideways, in Dutch', async () => {
    setWide(false);
    const lines = await renderInvoice('nl');
    expect(within(lines).queryByRole('table')).not.toBeInTheDocument();
    const list = within(lines).getByRole('list', { name: 'Regels' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Managed server (4 vCPU, 16 GB)');
    expect(first).toHaveTextContent(/€\s?1\.000,00/);
    expect(first).toHaveTextContent('01-10-2026 – 31-10-2026');
    expect(first).toHaveTextContent(/2 month × €\s?500,00.* · btw 21%/);
    expect(second).toHaveTextContent(/100 GiB × €\s?1,00.* · btw 21%/);
    expect(second).not.toHaveTextContent('–');
    expect(lines).toHaveTextContent(/Totaal exclusief btw\s*€\s?1\.100,00/);
    expect(lines).toHaveTextContent(/Btw 21% over €\s?1\.100,00\s*€\s?231,00/);
    expect(lines).toHaveTextContent(/Totaal inclusief btw\s*€\s?1\.331,00/);
  });
});
